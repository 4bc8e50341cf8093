package io.canopy.launch.cli.tree;

import io.canopy.bt.groot.BtlogReader;
import io.canopy.launch.cli.CanopyMain;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code canopy btlog FILE}: prints the transitions of a FileLogger2 .btlog (BT.CPP's or Canopy's). */
@Command(
        name = "btlog",
        mixinStandardHelpOptions = true,
        description = {
            "Print the transitions of a .btlog file (BehaviorTree.CPP FileLogger2 format, as Groot2 replays it),",
            "one line each: seconds since the log started, node path, previous -> new status."
        })
public final class BtlogCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "A .btlog file.")
    Path file;

    @Option(names = "--node", paramLabel = "NAME", description = "Only transitions of nodes whose path contains NAME.")
    String node;

    @Option(names = "--xml", description = "Print the tree XML stored in the header instead.")
    boolean xml;

    @Override
    public Integer call() {
        BtlogReader.Btlog log = BtlogReader.read(file);
        PrintWriter out = spec.commandLine().getOut();
        if (xml) {
            out.println(log.xml());
            out.flush();
            return CanopyMain.EXIT_OK;
        }
        long firstUsec = log.firstUsec();
        out.println("# " + file + ": FileLogger2 protocol " + log.protocol() + ", started "
                + Instant.ofEpochSecond(firstUsec / 1_000_000, (firstUsec % 1_000_000) * 1000) + ", "
                + log.size() + " transitions");
        Map<Integer, String> last = new HashMap<>();
        for (int k = 0; k < log.size(); k++) {
            int uid = log.uid()[k];
            String path = log.path(uid);
            String now = log.statusName(k);
            String before = last.getOrDefault(uid, "IDLE");
            last.put(uid, now);
            if (node != null && !path.contains(node)) {
                continue;
            }
            out.printf(Locale.ROOT, "[%9.3f] %s  %s -> %s%n", log.usec()[k] / 1e6, path, before, now);
        }
        if (!log.note().isEmpty()) {
            out.println("# note: " + log.note());
        }
        out.flush();
        return CanopyMain.EXIT_OK;
    }
}

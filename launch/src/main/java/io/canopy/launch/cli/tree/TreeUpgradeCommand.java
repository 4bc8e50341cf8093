package io.canopy.launch.cli.tree;

import io.canopy.bt.load.TextFile;
import io.canopy.bt.load.TreeUpgrade;
import io.canopy.launch.cli.CanopyMain;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code canopy tree-upgrade FILE}: rewrites a BehaviorTree.CPP v3 tree file to v4 (the renames of BT.CPP's
 * migration guide), prints one line per change on stderr and one {@code left: ...} line per construct it could
 * not convert; exit 0 when everything converted, 1 when something is left for a person. {@code canopy tree upgrade
 * FILE} ({@link TreeCommand.Upgrade}) is the same command under the name issue #15 and BT.CPP users expect.
 */
// hidden: listed once in help and docs/commands.md, as 'canopy tree upgrade' (TreeCommand.Upgrade); it still runs
@Command(name = "tree-upgrade", mixinStandardHelpOptions = true, hidden = true,
        description = {"Rewrite a BehaviorTree.CPP v3 tree file to v4 (BTCPP_format=\\\"4\\\", SequenceStar -> SequenceWithMemory,",
            "SubTreePlus -> SubTree, __shared_blackboard -> _autoremap, Parallel thresholds -> counts) and say what it could not convert.",
            "Writes FILE in place (the original is kept as FILE.v3) unless --stdout. 'canopy tree-upgrade FILE' is the same command.",
            "Example: canopy tree upgrade --stdout old_tree.xml",
            "Exit codes: 0 everything converted, 1 something is left to convert by hand (listed as 'left: ...'), 2 bad input."})
public class TreeUpgradeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "A v3 tree .xml file.")
    Path file;

    @Option(names = "--stdout", description = "Print the v4 text instead of rewriting the file.")
    boolean stdout;

    @Override
    public Integer call() {
        String text = TextFile.read(file, "a behavior-tree file (<root>)");
        TreeUpgrade.Result r = TreeUpgrade.upgrade(text, file.toString());
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (stdout) {
            out.print(r.text());
        } else if (!r.changes().isEmpty()) {
            try {
                Files.writeString(Path.of(file + ".v3"), text);
                Files.writeString(file, r.text());
            } catch (IOException e) {
                throw new UncheckedIOException(file + ": cannot write the upgraded file: " + e.getMessage(), e);
            }
        }
        r.changes().forEach(err::println);
        r.unconverted().forEach(l -> err.println("left: " + l));
        err.println(r.changes().size() + " change(s), " + r.unconverted().size() + " left to convert by hand");
        out.flush();
        err.flush();
        return r.unconverted().isEmpty() ? CanopyMain.EXIT_OK : CanopyMain.EXIT_FAILED;
    }
}

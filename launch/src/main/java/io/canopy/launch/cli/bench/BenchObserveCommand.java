package io.canopy.launch.cli.bench;

import io.canopy.InputException;
import io.canopy.launch.cli.bench.ObserveBench;
import io.canopy.bt.load.TextFile;
import io.canopy.launch.cli.CanopyMain;
import io.canopy.launch.cli.OptionCheck;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code canopy bench observe FILE.xml}: the tick cost of a tree with nothing attached, with Groot2 polled at
 * 10 Hz, with a .btlog, with the Perfetto JSON and with all three (see {@link ObserveBench}).
 */
@Command(name = "observe", mixinStandardHelpOptions = true,
        description = {"Measure what watching a tree costs its tick: none, Groot2 polled at 10 Hz, --btlog, --trace-json, all three.",
            "Uses the benchmark leaves of 'canopy bench tree'; prints ns per root and node tick, the change against none,",
            "transitions and bytes allocated per tick."})
final class BenchObserveCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE.xml", description = "A BT.CPP v4 tree file (for example bench/trees/reactive-running.xml).")
    Path file;

    @Option(names = "--warmup-ms", defaultValue = "3000", description = "Warm-up time (default ${DEFAULT-VALUE}).")
    long warmupMs;

    @Option(names = "--measure-ms", defaultValue = "10000", description = "Measuring time, all modes together (default ${DEFAULT-VALUE}).")
    long measureMs;

    @Option(names = "--rounds", defaultValue = "10", description = "Measuring rounds; the median is reported (default ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--groot2-port", defaultValue = "1667", description = "First of the four ports the Groot2 servers use (default ${DEFAULT-VALUE}).")
    int port;

    @Override
    public Integer call() throws Exception {
        TextFile.read(file, "a behavior-tree file (<root BTCPP_format=\"4\">)");
        OptionCheck.atLeast("canopy bench observe", "--warmup-ms", warmupMs, 0);
        OptionCheck.positive("canopy bench observe", "--measure-ms", measureMs);
        OptionCheck.atLeast("canopy bench observe", "--rounds", rounds, 1);
        List<ObserveBench.Row> rows;
        try (ObserveBench bench = new ObserveBench(warmupMs, measureMs, rounds)) {
            try {
                rows = bench.run(file, port);
            } catch (IllegalStateException e) {
                throw new InputException("canopy bench observe: " + e.getMessage() + "; give free ports with --groot2-port");
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println("tree " + file + " (thread CPU time, median of " + rounds + " rounds)");
        out.println(String.format(Locale.ROOT, "%-22s %14s %14s %10s %16s %12s", "mode", "ns/root tick", "ns/node tick",
                "vs none", "transitions/tick", "bytes/tick"));
        double base = rows.get(0).nsPerRootTick();
        for (ObserveBench.Row r : rows) {
            out.println(String.format(Locale.ROOT, "%-22s %14.1f %14.2f %+9.1f%% %16.1f %12.2f", r.mode(), r.nsPerRootTick(),
                    r.nsPerNodeTick(), 100 * (r.nsPerRootTick() / base - 1), r.transitionsPerTick(), r.allocBytesPerTick()));
        }
        out.flush();
        return CanopyMain.EXIT_OK;
    }
}

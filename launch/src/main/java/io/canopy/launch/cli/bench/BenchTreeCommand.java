package io.canopy.launch.cli.bench;

import io.canopy.InputException;
import io.canopy.launch.cli.bench.TreeBench;
import io.canopy.bt.load.TextFile;
import io.canopy.launch.cli.CanopyMain;
import io.canopy.launch.cli.OptionCheck;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code canopy bench tree FILE.xml [--json]}: loads the tree with the benchmark leaves (AlwaysTrue,
 * AlwaysFalse, RunForever, CopyPort; {@code target = 42} in the blackboard), warms up, and prints ns per root
 * tick, node ticks per root tick, ns per node tick and bytes allocated per tick on the ticking thread.
 */
@Command(name = "tree", mixinStandardHelpOptions = true,
        description = {"Measure behavior-tree tick cost with the benchmark leaves.",
            "--json prints one JSON object on the last line (ns_per_root_tick, node_ticks_per_root_tick, "
                    + "ns_per_node_tick, alloc_bytes_per_tick)."})
final class BenchTreeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "FILE.xml", description = "A BT.CPP v4 tree file (not with --compare).")
    Path file;

    @Option(names = "--compare", description = "Run the four bench trees in one JMH run (bench/ module, -prof gc) and print "
            + "ns per node and bytes per tick of Canopy and gdx-ai 1.8.2, measured side by side, with the ratio.")
    boolean compare;

    @Option(names = "--json", description = "Also print the figures as one JSON object on the last line.")
    boolean json;

    @Option(names = "--warmup-ms", defaultValue = "3000", description = "Warm-up time (default ${DEFAULT-VALUE}).")
    long warmupMs;

    @Option(names = "--measure-ms", defaultValue = "5000", description = "Measuring time (default ${DEFAULT-VALUE}).")
    long measureMs;

    @Option(names = "--rounds", defaultValue = "10", description = "Measuring rounds; the median is reported.")
    int rounds;

    @Override
    public Integer call() {
        if (compare) {
            return TreeCompareTable.print(this, spec.commandLine().getOut());
        }
        if (file == null) {
            throw new InputException("canopy bench tree: give a tree FILE.xml, or --compare to run the four bench "
                    + "trees under JMH");
        }
        TextFile.read(file, "a behavior-tree file (<root BTCPP_format=\"4\">)");
        OptionCheck.atLeast("canopy bench tree", "--warmup-ms", warmupMs, 0);
        OptionCheck.positive("canopy bench tree", "--measure-ms", measureMs);
        OptionCheck.atLeast("canopy bench tree", "--rounds", rounds, 1);
        TreeBench.Result r = new TreeBench(warmupMs, measureMs, rounds).run(file);
        PrintWriter out = spec.commandLine().getOut();
        out.println("tree                      " + file);
        out.println(String.format(Locale.ROOT,
                "ns per root tick          %.1f (thread CPU time, median of %d rounds; wall clock %.1f)",
                r.nsPerRootTick(), rounds, r.wallNsPerRootTick()));
        out.println(String.format(Locale.ROOT, "node ticks per root tick  %.1f", r.nodeTicksPerRootTick()));
        out.println(String.format(Locale.ROOT, "ns per node tick          %.2f", r.nsPerNodeTick()));
        out.println(String.format(Locale.ROOT, "bytes allocated per tick  %.2f", r.allocBytesPerTick()));
        out.println("root ticks measured       " + r.rootTicks() + " (last status " + r.lastStatus() + ")");
        if (json) {
            out.println(r.json());
        }
        out.flush();
        return CanopyMain.EXIT_OK;
    }
}

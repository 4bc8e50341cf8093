package io.canopy.launch.cli.bench;

import io.canopy.InputException;
import io.canopy.launch.cli.CanopyMain;
import io.canopy.statemachine.tools.FsmBenchmark;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code canopy bench fsm [--json]}: nanoseconds and allocated bytes per dispatched event for the toggle and
 * hierarchical machines of the peers' published figures (see {@link FsmBenchmark}). Prints a table; with
 * {@code --json} the last line is {@code {"machines": [{"name": ..., "ns_per_event": ...,
 * "alloc_bytes_per_event": ...}, ...]}}. Best of {@code --runs} runs per machine.
 */
@Command(name = "fsm", mixinStandardHelpOptions = true, description = "Measure state-machine dispatch cost (ns and bytes per event).")
final class BenchFsmCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--json", description = "Also print one JSON object on the last line.")
    boolean json;

    @Option(names = "--events", defaultValue = "5000000", description = "Events per measured run (default ${DEFAULT-VALUE}).")
    long events;

    @Option(names = "--warmup", defaultValue = "1000000", description = "Untimed events before each run (default ${DEFAULT-VALUE}).")
    long warmup;

    @Option(names = "--runs", defaultValue = "5", description = "Runs; the best one is reported (default ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--compare", description = "Run the bench machines on Canopy and Apache Commons SCXML 0.9 side by side "
            + "in one JMH run (bench/ module, -prof gc) and print ns and bytes per event and the ratio.")
    boolean compare;

    @Override
    public Integer call() {
        if (compare) {
            FsmCompareTable.render(BenchCompare.run("FsmCompareBenchmark", List.of("-f", "1", "-wi", "1", "-w", "2s",
                    "-i", Integer.toString(runs), "-r", "1s"), spec.commandLine().getOut()), json, spec.commandLine().getOut());
            return CanopyMain.EXIT_OK;
        }
        if (events < 1 || warmup < 0 || runs < 1) {
            throw new InputException("--events and --runs must be at least 1 and --warmup not negative: got events="
                    + events + ", warmup=" + warmup + ", runs=" + runs);
        }
        PrintWriter out = spec.commandLine().getOut();
        FsmBenchmark.Result[] best = null;
        for (int r = 0; r < runs; r++) {
            FsmBenchmark.Result[] results = FsmBenchmark.runAll(warmup, events);
            if (best == null) {
                best = results;
            } else {
                for (int i = 0; i < results.length; i++) {
                    if (results[i].nsPerEvent() < best[i].nsPerEvent()) {
                        best[i] = results[i];
                    }
                }
            }
        }
        out.printf(Locale.ROOT, "%-20s %12s %16s%n", "machine/event", "ns/event", "bytes/event");
        for (FsmBenchmark.Result r : best) {
            out.printf(Locale.ROOT, "%-20s %12.1f %16.3f%n", r.name(), r.nsPerEvent(), r.allocBytesPerEvent());
        }
        if (json) {
            StringBuilder sb = new StringBuilder("{\"machines\": [");
            for (int i = 0; i < best.length; i++) {
                if (i > 0) {
                    sb.append(", ");
                }
                sb.append(String.format(Locale.ROOT, "{\"name\": \"%s\", \"ns_per_event\": %.2f, \"alloc_bytes_per_event\": %.3f}",
                        best[i].name(), best[i].nsPerEvent(), best[i].allocBytesPerEvent()));
            }
            out.println(sb.append("]}"));
        }
        out.flush();
        return CanopyMain.EXIT_OK;
    }
}

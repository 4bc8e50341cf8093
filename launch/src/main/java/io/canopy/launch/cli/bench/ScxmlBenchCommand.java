package io.canopy.launch.cli.bench;

import io.canopy.InputException;
import io.canopy.launch.cli.CanopyMain;
import io.canopy.statemachine.Machine;
import io.canopy.statemachine.MachineContext;
import io.canopy.statemachine.Statechart;
import io.canopy.statemachine.build.ScxmlLoader;
import io.canopy.statemachine.tools.FsmBenchmark;
import io.canopy.statemachine.tools.ScxmlDriver;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code canopy scxml bench FILE --event 'battery 50' --event docked ...}: events per second and allocated
 * bytes per event of one document on each datamodel engine (compiled when it loads on it, and full), the
 * events fired over and over in the order given. Best of {@code --runs}.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, description = {
    "Measure a document's events/s and bytes/event on the compiled and the full datamodel engine.",
    "The --event lines (EVENT or EVENT JSON) are fired in a cycle."})
public final class ScxmlBenchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "The SCXML document.")
    Path file;

    @Option(names = "--event", required = true, paramLabel = "EVENT", description = "An event of the cycle, e.g. 'battery 50'.")
    List<String> cycle;

    @Option(names = "--events", defaultValue = "1000000", description = "Events per measured run (default ${DEFAULT-VALUE}).")
    long events;

    @Option(names = "--warmup", defaultValue = "200000", description = "Untimed events before each run (default ${DEFAULT-VALUE}).")
    long warmup;

    @Option(names = "--runs", defaultValue = "3", description = "Runs; the best one is reported (default ${DEFAULT-VALUE}).")
    int runs;

    @Override
    public Integer call() {
        if (events < 1 || warmup < 0 || runs < 1) {
            throw new InputException("--events and --runs must be at least 1 and --warmup not negative: got events="
                    + events + ", warmup=" + warmup + ", runs=" + runs);
        }
        String[] names = new String[cycle.size()];
        Object[] data = new Object[cycle.size()];
        for (int i = 0; i < names.length; i++) {
            Object[] parsed = ScxmlDriver.parseEvent(cycle.get(i));
            names[i] = (String) parsed[0];
            data[i] = parsed[1];
        }
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "%-10s %12s %14s %14s%n", "engine", "ns/event", "events/s", "bytes/event");
        List<String> skipped = new ArrayList<>();
        for (String engine : new String[] {"compiled", "full"}) {
            Statechart chart;
            try {
                chart = ScxmlLoader.load(file, engine);
            } catch (InputException e) {
                skipped.add(engine + ": " + e.getMessage());
                continue;
            }
            FsmBenchmark.Result best = null;
            for (int r = 0; r < runs; r++) {
                Machine m = chart.newMachine(new MachineContext(null).onLog((mm, l, v) -> { }));
                m.start();
                FsmBenchmark.Result res = FsmBenchmark.measureCycle(engine, m, names, data, warmup, events);
                if (best == null || res.nsPerEvent() < best.nsPerEvent()) {
                    best = res;
                }
            }
            out.printf(Locale.ROOT, "%-10s %12.1f %14.0f %14.1f%n", engine, best.nsPerEvent(), 1e9 / best.nsPerEvent(),
                    best.allocBytesPerEvent());
        }
        out.flush();
        skipped.forEach(s -> spec.commandLine().getErr().println("not measured on " + s));
        return CanopyMain.EXIT_OK;
    }
}

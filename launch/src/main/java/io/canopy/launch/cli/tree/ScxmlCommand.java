package io.canopy.launch.cli.tree;

import io.canopy.InputException;
import io.canopy.launch.cli.CanopyMain;
import io.canopy.launch.cli.bench.ScxmlBenchCommand;
import io.canopy.statemachine.Statechart;
import io.canopy.statemachine.build.ScxmlLoader;
import io.canopy.statemachine.tools.ScxmlDriver;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code canopy scxml run FILE [--events FILE]} drives a machine by hand (or from a script of events) and
 * shows each step; {@code canopy scxml trace FILE --events FILE} prints one line per event with the atomic
 * configuration after it, for diffing against other engines. Exit 0, 1 when an input line was bad, 2 when
 * the document does not load.
 */
@Command(
        name = "scxml",
        mixinStandardHelpOptions = true,
        description = "Drive an SCXML machine by hand on a virtual clock.",
        subcommands = {ScxmlCommand.Run.class, ScxmlCommand.Trace.class, ScxmlBenchCommand.class})
public final class ScxmlCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return CanopyMain.EXIT_OK;
    }

    /** One line for stderr: which datamodel engine runs the document and why. */
    public static String engineLine(Statechart chart) {
        return "datamodel engine: " + chart.datamodelEngine() + " (" + chart.datamodelEngineReason() + ")";
    }

    static Integer drive(CommandSpec spec, Path file, Path events, boolean trace, String engine) {
        PrintWriter out = spec.commandLine().getOut();
        Statechart chart;
        try {
            chart = ScxmlLoader.load(file, engine);
        } catch (InputException e) {
            spec.commandLine().getErr().println(e.getMessage());
            return CanopyMain.EXIT_BAD_INPUT;
        }
        for (String w : chart.warnings()) {
            spec.commandLine().getErr().println("warning: " + w);
        }
        spec.commandLine().getErr().println(engineLine(chart));
        spec.commandLine().getErr().flush();
        BufferedReader in;
        try { // opened before the machine starts: a missing events file prints nothing of the machine
            in = events != null ? Files.newBufferedReader(events, StandardCharsets.UTF_8)
                    : new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        } catch (IOException e) {
            spec.commandLine().getErr().println(events + ": cannot read the events file (" + reason(e)
                    + "); give a file with one event per line, or leave out --events to read them from stdin");
            return CanopyMain.EXIT_BAD_INPUT;
        }
        ScxmlDriver driver = new ScxmlDriver(chart, out, trace);
        try (in) {
            driver.start();
            boolean ok = driver.run(in, events == null && System.console() != null);
            out.flush();
            return ok ? CanopyMain.EXIT_OK : CanopyMain.EXIT_FAILED;
        } catch (IOException e) {
            spec.commandLine().getErr().println((events == null ? "stdin" : events.toString()) + ": cannot read ("
                    + reason(e) + ")");
            return CanopyMain.EXIT_BAD_INPUT;
        }
    }

    private static String reason(IOException e) {
        return e instanceof NoSuchFileException ? "no such file"
                : e instanceof AccessDeniedException ? "permission denied" : String.valueOf(e.getMessage());
    }

    @Command(name = "run", mixinStandardHelpOptions = true, description = {
        "Print the active configuration, then read events from stdin (or --events FILE): 'go' or 'go {\"x\": 1}'.",
        "Each microstep shows the transitions taken, the states exited and entered and the data changed;",
        "then the active configuration.",
        "Commands: :data  :reset  :wait MS  :save FILE  :load FILE  :help  :quit"})
    static final class Run implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "FILE", description = "The SCXML document.")
        Path file;

        @Option(names = "--events", paramLabel = "FILE", description = "Read events from this file instead of stdin.")
        Path events;

        @Option(names = "--engine", paramLabel = "ENGINE", description = "Datamodel engine: auto (default: compiled "
                + "when every expression is in the compiled subset), compiled or full (Rhino).")
        String engine;

        @Override
        public Integer call() {
            return drive(spec, file, events, false, engine);
        }
    }

    @Command(name = "trace", mixinStandardHelpOptions = true, description =
            "Run a script of events and print 'event -> atomic configuration' after each (SCION-style).")
    static final class Trace implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "FILE", description = "The SCXML document.")
        Path file;

        @Option(names = "--events", paramLabel = "FILE", description = "Events, one per line (default: stdin).")
        Path events;

        @Option(names = "--engine", paramLabel = "ENGINE", description = "Datamodel engine: auto (default), compiled or full.")
        String engine;

        @Override
        public Integer call() {
            return drive(spec, file, events, true, engine);
        }
    }
}

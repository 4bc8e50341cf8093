package io.canopy.statemachine.tools;

import io.canopy.InputException;
import io.canopy.statemachine.Machine;
import io.canopy.statemachine.MachineContext;
import io.canopy.statemachine.Statechart;
import io.canopy.statemachine.build.ScxmlLoader;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.ManualNanoClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Runs SCXML test documents (W3C IRP style) on a virtual clock: a test passes when the machine stops in the
 * top-level {@code <final id="pass">}, fails in any other final state, and "did not finish" when no event
 * and no pending delayed send is left. Time jumps from one pending delayed send to the next, so
 * {@code delay="1s"} costs no wall time. The engine of {@code canopy scxml-test}.
 */
public final class ScxmlTestRunner {
    /** Files a directory yields: {@code *.scxml} except sub-machines named {@code ...subN.scxml}. */
    private static final Pattern SUB_MACHINE = Pattern.compile(".*sub\\d*\\.scxml");
    private static final int MAX_STEPS = 100_000;
    private static final long MAX_VIRTUAL_NS = 3_600_000_000_000L;

    /** How a test ended. */
    public enum Outcome {
        PASS,
        FAIL,
        DID_NOT_FINISH,
        ERROR
    }

    /** The result of one document; {@link #line()} is what the command line prints. */
    public static final class Result {
        private final Path file;
        private final Outcome outcome;
        private final String detail;
        private final boolean invalid;

        Result(Path file, Outcome outcome, String detail) {
            this(file, outcome, detail, false);
        }

        Result(Path file, Outcome outcome, String detail, boolean invalid) {
            this.file = file;
            this.outcome = outcome;
            this.detail = detail;
            this.invalid = invalid;
        }

        /** True when the document did not load (an {@link Outcome#ERROR} that is bad input, not a failed test). */
        public boolean invalid() {
            return invalid;
        }

        public Path file() {
            return file;
        }

        public Outcome outcome() {
            return outcome;
        }

        public String detail() {
            return detail;
        }

        public boolean passed() {
            return outcome == Outcome.PASS;
        }

        /** {@code PASS test144.scxml}, {@code FAIL test145.scxml: reached fail}, ... */
        public String line() {
            String name = file.getFileName().toString();
            return outcome == Outcome.PASS ? "PASS " + name : "FAIL " + name + ": " + detail;
        }

        @Override
        public String toString() {
            return line();
        }
    }

    private ScxmlTestRunner() {}

    /** The test documents at these paths: files as given, directories searched for {@code *.scxml}. */
    public static List<Path> collect(List<Path> paths) {
        List<Path> out = new ArrayList<>();
        for (Path p : paths) {
            if (Files.isDirectory(p)) {
                try (Stream<Path> files = Files.walk(p)) {
                    files.filter(f -> f.getFileName().toString().endsWith(".scxml"))
                            .filter(f -> !SUB_MACHINE.matcher(f.getFileName().toString()).matches())
                            .sorted()
                            .forEach(out::add);
                } catch (IOException e) {
                    throw new InputException(p + ": cannot list the directory: " + e.getMessage());
                }
            } else if (Files.isRegularFile(p)) {
                out.add(p);
            } else {
                throw new InputException(p + ": no such file or directory: give SCXML files or folders of them");
            }
        }
        return out;
    }

    /** Runs one document. Load errors are a FAIL with the loader's one-line message. */
    public static Result run(Path file) {
        return run(file, null);
    }

    /** Runs one document on the datamodel engine {@code engine} (see {@link ScxmlLoader#load(Path, String)}). */
    public static Result run(Path file, String engine) {
        Statechart chart;
        try {
            chart = ScxmlLoader.load(file, engine);
        } catch (InputException e) {
            return new Result(file, Outcome.ERROR, e.getMessage(), true);
        }
        ManualNanoClock clock = new ManualNanoClock();
        DeadlineTimerQueue timers = new DeadlineTimerQueue(clock);
        MachineContext context = new MachineContext(timers).onLog((m, label, value) -> { });
        Machine machine = chart.newMachine(context);
        try {
            machine.start();
            int steps = 0;
            while (!machine.isFinished()) {
                if (++steps > MAX_STEPS || clock.nanoTime() > MAX_VIRTUAL_NS || timers.isEmpty()) {
                    return new Result(file, Outcome.DID_NOT_FINISH, "did not finish (in " + machine.activeStates()
                            + " after " + clock.nanoTime() / 1_000_000 + " ms of virtual time)");
                }
                long next = timers.nextDeadlineNs();
                if (next - clock.nanoTime() > 0) {
                    clock.setNs(next);
                }
                timers.poll(clock.nanoTime(), 1);
                machine.drain();
            }
        } catch (RuntimeException e) {
            return new Result(file, Outcome.ERROR, "internal error: " + e);
        }
        String reached = machine.finalStateId();
        if ("pass".equals(reached)) {
            return new Result(file, Outcome.PASS, "reached pass");
        }
        return new Result(file, Outcome.FAIL, "reached " + reached);
    }
}

package io.canopy.launch.cli.bench;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import io.canopy.InputException;
import io.canopy.launch.cli.bench.SerialBench;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.hardware.serial.SocatPtyPair;
import io.canopy.launch.cli.CanopyMain;
import io.canopy.launch.cli.OptionCheck;
import io.canopy.tick.Durations;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code canopy bench latency}: sense to act through a real pty, with and without {@code wake_on} (see
 * {@link LatencyBench}).
 */
@Command(name = "latency", mixinStandardHelpOptions = true,
        description = "Measure sense-to-act latency through a pty: a peer sends range readings, times the motor "
                + "commands they cause; against a trivial echo (the floor), with and without wake_on.")
final class BenchLatencyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--json", description = "Print one JSON object instead of the table.")
    boolean json;

    @Option(names = "--sensor-hz", defaultValue = "100", description = "Rate of the peer's range readings (default: ${DEFAULT-VALUE}).")
    double sensorHz;

    @Option(names = "--timer-hz", defaultValue = "50", description = "Rate of the tree's timer (default: ${DEFAULT-VALUE}).")
    double timerHz;

    @Option(names = "--frames", defaultValue = "2000", description = "Timed readings per mode (default: ${DEFAULT-VALUE}).")
    int frames;

    @Option(names = "--warmup", defaultValue = "300", description = "Untimed readings per mode first (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--wake-min-interval", defaultValue = "1ms",
            description = "wake_min_interval of the waking tree (default: ${DEFAULT-VALUE}).")
    String minInterval;

    @Option(names = "--fifo", defaultValue = "0", paramLabel = "PRIORITY",
            description = "SCHED_FIFO priority 1-99 for the node's tick thread (its link threads one below) and the peer's"
                    + " threads, as <realtime fifo io_fifo> in a launch file; needs root or CAP_SYS_NICE (default: off).")
    int fifo;

    @Option(names = "--idle", defaultValue = LatencyBench.DEFAULT_IDLE, paramLabel = "park|park-then-spin|spin",
            description = "How the node's tick thread waits between ticks, as <realtime idle> in a launch file: spin never"
                    + " parks, so a reading that wakes the tree needs no thread wake-up, for a whole core (default: ${DEFAULT-VALUE}).")
    String idle;

    @Option(names = "--mode", split = ",", defaultValue = "floor,wake,tick", paramLabel = "MODE[,MODE...]",
            description = "floor (no node: one thread reads the pty and writes the answer itself, the least this host and"
                    + " pty can do), wake (wake_on the reading), tick (the timer alone) (default: ${DEFAULT-VALUE}).")
    List<String> modes = new ArrayList<>();

    @Option(names = "--direct-write", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "The node's serial links write a frame on the sending (tick) thread when their writer thread is"
                    + " idle; --no-direct-write always hands it to the writer thread, to compare (default: on).")
    boolean directWrite;

    @Override
    public Integer call() throws Exception {
        if (!SocatPtyPair.available()) {
            throw new InputException("canopy bench latency: socat is not installed; it makes the pty pair between the node"
                    + " and the peer (apt-get install socat)");
        }
        OptionCheck.atLeast("canopy bench latency", "--frames", frames, 1);
        OptionCheck.atLeast("canopy bench latency", "--warmup", warmup, 0);
        OptionCheck.positive("canopy bench latency", "--sensor-hz", sensorHz);
        OptionCheck.positive("canopy bench latency", "--timer-hz", timerHz);
        try {
            Durations.parseNs(minInterval, true);
        } catch (IllegalArgumentException e) {
            throw new InputException("canopy bench latency: --wake-min-interval " + e.getMessage());
        }
        if (fifo < 0 || fifo > 99) {
            throw new InputException("canopy bench latency: --fifo " + fifo + " is out of range; give 1 to 99 (0: off)");
        }
        if (!List.of("park", "park-then-spin", "spin").contains(idle)) {
            throw new InputException("canopy bench latency: --idle " + idle + " is not a way to wait; write park,"
                    + " park-then-spin or spin");
        }
        for (String m : modes) {
            if (!m.equals("floor") && !m.equals("wake") && !m.equals("tick")) {
                throw new InputException("canopy bench latency: --mode " + m + " is not floor, wake or tick;"
                        + " write --mode floor,wake,tick");
            }
        }
        Path dir = SerialBench.tempDir();
        List<LatencyBench.Figures> figures = new ArrayList<>();
        String loadBefore = loadAverage();
        SerialLink.directWriteByDefault(directWrite);
        for (String m : modes) {
            figures.add(LatencyBench.run(dir, m, sensorHz, timerHz, m.equals("wake"), minInterval, warmup, frames, fifo, idle));
        }
        String loadAfter = loadAverage();
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(json(figures, loadBefore, loadAfter));
        } else {
            out.printf(Locale.ROOT, "sense to act through a socat pty: RangeReading at %.0f Hz in, the MotorCommand it causes out;"
                    + " tree timer %.0f Hz (period %.1f ms), SCHED_FIFO %s, direct write %s, tick thread idle %s%n", sensorHz, timerHz,
                    1e3 / timerHz, fifo > 0 ? Integer.toString(fifo) : "off", directWrite ? "on" : "off", idle);
            out.printf(Locale.ROOT, "load average before %s, after %s%n", loadBefore, loadAfter);
            out.printf(Locale.ROOT, "%-6s %-8s %-9s %-9s %-9s %-9s %s%n", "mode", "frames", "answered", "p50 us", "p99 us",
                    "p99.9 us", "max us");
            for (LatencyBench.Figures f : figures) {
                out.printf(Locale.ROOT, "%-6s %-8d %-9d %-9.0f %-9.0f %-9.0f %.0f%n", f.mode(), f.sent(), f.answered(),
                        f.p50Us(), f.p99Us(), f.p999Us(), f.maxUs());
            }
        }
        out.flush();
        return CanopyMain.EXIT_OK;
    }

    /** The 1, 5 and 15 minute load averages ({@code /proc/loadavg}), or "unknown". */
    static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private String json(List<LatencyBench.Figures> figures, String loadBefore, String loadAfter) {
        JsonObject root = new JsonObject();
        root.addProperty("direct_write", directWrite);
        root.addProperty("load_before", loadBefore);
        root.addProperty("load_after", loadAfter);
        root.addProperty("sensor_hz", sensorHz);
        root.addProperty("timer_hz", timerHz);
        root.addProperty("wake_min_interval", minInterval);
        root.addProperty("fifo", fifo);
        root.addProperty("idle", idle);
        JsonArray modes = new JsonArray();
        for (LatencyBench.Figures f : figures) {
            JsonObject o = new JsonObject();
            o.addProperty("mode", f.mode());
            o.addProperty("frames", f.sent());
            o.addProperty("answered", f.answered());
            o.addProperty("p50_us", f.p50Us());
            o.addProperty("p99_us", f.p99Us());
            o.addProperty("p999_us", f.p999Us());
            o.addProperty("max_us", f.maxUs());
            modes.add(o);
        }
        root.add("modes", modes);
        return new GsonBuilder().serializeSpecialFloatingPointValues().create().toJson(root);
    }
}

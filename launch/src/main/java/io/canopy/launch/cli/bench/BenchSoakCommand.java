package io.canopy.launch.cli.bench;

import com.google.gson.GsonBuilder;
import io.canopy.launch.LaunchException;
import io.canopy.launch.LaunchLoader;
import io.canopy.launch.cli.CanopyMain;
import io.canopy.launch.cli.OptionCheck;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.run.LaunchRunner;
import io.canopy.launch.run.NodeView;
import io.canopy.tick.stats.TimerStats;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code canopy bench soak FILE [--duration 10m]}: runs a launch file for a long time and samples what a leak or
 * a slow drift would show: resident memory (and its slope), heap after the last GC (and its slope), GC count
 * and pauses, each timer's p99 lateness and overruns, thread count. The slopes leave out the first minute
 * (class loading, JIT, pools filling up).
 */
@Command(name = "soak", mixinStandardHelpOptions = true,
        description = {"Run a launch file for a long time and report memory slopes, GC pauses and lateness.",
            "Example: canopy bench soak launch/examples/patrol.launch.xml --duration 10m --arg mqtt_port=18830"})
public final class BenchSoakCommand implements Callable<Integer> {
    private static final long WARM_UP_NS = TimeUnit.MINUTES.toNanos(1);

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "The launch file to run (the demo: launch/examples/patrol.launch.xml).")
    Path file;

    @Option(names = "--duration", paramLabel = "TIME", defaultValue = "10m", description = "How long (default ${DEFAULT-VALUE}).")
    String duration;

    @Option(names = "--sample", paramLabel = "TIME", defaultValue = "10s", description = "Sampling period (default ${DEFAULT-VALUE}).")
    String sample;

    @Option(names = "--arg", paramLabel = "NAME=VALUE", description = "Set a launch argument (repeatable).")
    List<String> args = new ArrayList<>();

    @Option(names = "--json", description = "Also print the figures as one JSON object on the last line.")
    boolean json;

    /** One sample: seconds since start, RSS and heap-after-GC in KB, cumulative GC count and time. */
    record Sample(double atS, long rssKb, long heapAfterGcKb, long gcCount, long gcMs, int threads, double worstP99Us,
            long overruns) {}

    @Override
    public Integer call() throws InterruptedException {
        long durationNs = OptionCheck.durationNs("--duration", duration, true);
        long sampleNs = OptionCheck.durationNs("--sample", sample, true);
        Map<String, String> values = new LinkedHashMap<>();
        for (String a : args) {
            Map.Entry<String, String> e = LaunchLoader.parseArg(a);
            values.put(e.getKey(), e.getValue());
        }
        PrintWriter out = spec.commandLine().getOut();
        LaunchPlan plan;
        try {
            plan = LaunchLoader.load(file, values);
        } catch (LaunchException e) {
            e.errors().forEach(line -> spec.commandLine().getErr().println("canopy: " + line));
            return CanopyMain.EXIT_BAD_INPUT;
        }
        List<Sample> samples = new ArrayList<>();
        long maxPauseMs = 0;
        try (LaunchRunner runner = LaunchRunner.start(plan)) {
            long start = System.nanoTime();
            out.println("   time     RSS MB  heap-after-GC MB  GCs  GC ms  threads  worst p99 us  overruns");
            for (long next = start + sampleNs; ; next += sampleNs) {
                long wait = Math.min(next, start + durationNs) - System.nanoTime();
                if (wait > 0) {
                    TimeUnit.NANOSECONDS.sleep(wait);
                }
                Sample s = sample((System.nanoTime() - start) / 1e9, runner.views());
                maxPauseMs = Math.max(maxPauseMs, lastPauseMs());
                samples.add(s);
                out.println(String.format(Locale.ROOT, "%6.0f s  %8.1f  %16.1f  %4d  %5d  %7d  %12.1f  %8d", s.atS(),
                        s.rssKb() / 1024.0, s.heapAfterGcKb() / 1024.0, s.gcCount(), s.gcMs(), s.threads(),
                        s.worstP99Us(), s.overruns()));
                out.flush();
                if (System.nanoTime() - start >= durationNs) {
                    break;
                }
            }
        }
        double warmS = durationNs > 2 * WARM_UP_NS ? WARM_UP_NS / 1e9 : 0;
        double rssSlope = slopePerMinute(samples, warmS, true);
        double heapSlope = slopePerMinute(samples, warmS, false);
        Sample last = samples.get(samples.size() - 1);
        out.println(String.format(Locale.ROOT, "RSS slope %.1f KB/min, heap-after-GC slope %.1f KB/min (after the first %.0f s),"
                + " %d GCs taking %d ms in all, longest pause %d ms, worst p99 lateness %.1f us, %d overruns",
                rssSlope, heapSlope, warmS, last.gcCount(), last.gcMs(), maxPauseMs,
                samples.stream().mapToDouble(Sample::worstP99Us).max().orElse(0), last.overruns()));
        if (json) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("duration_s", last.atS());
            o.put("rss_mb", last.rssKb() / 1024.0);
            o.put("rss_slope_kb_per_min", rssSlope);
            o.put("heap_after_gc_mb", last.heapAfterGcKb() / 1024.0);
            o.put("heap_slope_kb_per_min", heapSlope);
            o.put("gc_count", last.gcCount());
            o.put("gc_ms", last.gcMs());
            o.put("max_gc_pause_ms", maxPauseMs);
            o.put("threads", last.threads());
            o.put("worst_p99_lateness_us", samples.stream().mapToDouble(Sample::worstP99Us).max().orElse(0));
            o.put("overruns", last.overruns());
            out.println(new GsonBuilder().disableHtmlEscaping().create().toJson(o));
        }
        out.flush();
        return CanopyMain.EXIT_OK;
    }

    private static Sample sample(double atS, List<NodeView> views) {
        long gcCount = 0;
        long gcMs = 0;
        long afterGc = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            gcCount += Math.max(0, gc.getCollectionCount());
            gcMs += Math.max(0, gc.getCollectionTime());
        }
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            MemoryUsage u = pool.getCollectionUsage(); // heap pools only: usage after the last collection
            if (u != null) {
                afterGc += u.getUsed();
            }
        }
        double worst = 0;
        long overruns = 0;
        for (NodeView v : views) {
            for (TimerStats t : v.timerStats()) {
                worst = Math.max(worst, t.latenessNsAt(99) / 1e3);
                overruns += t.overruns();
            }
        }
        return new Sample(atS, rssKb(), afterGc / 1024, gcCount, gcMs, Thread.activeCount(), worst, overruns);
    }

    private static long lastPauseMs() {
        long max = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof com.sun.management.GarbageCollectorMXBean sun && sun.getLastGcInfo() != null) {
                max = Math.max(max, sun.getLastGcInfo().getDuration());
            }
        }
        return max;
    }

    /** VmRSS from /proc/self/status (0 where there is no /proc). */
    public static long rssKb() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
        return 0;
    }

    /** Least-squares slope of RSS (or heap after GC) in KB per minute over the samples after {@code fromS}. */
    static double slopePerMinute(List<Sample> samples, double fromS, boolean rss) {
        double n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
        for (Sample s : samples) {
            if (s.atS() < fromS) {
                continue;
            }
            double x = s.atS() / 60.0;
            double y = rss ? s.rssKb() : s.heapAfterGcKb();
            n++;
            sx += x;
            sy += y;
            sxx += x * x;
            sxy += x * y;
        }
        double d = n * sxx - sx * sx;
        return n < 2 || d == 0 ? 0 : (n * sxy - sx * sy) / d;
    }
}

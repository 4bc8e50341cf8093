package io.canopy.launch.cli;

import com.google.gson.GsonBuilder;
import io.canopy.launch.LaunchException;
import io.canopy.launch.LaunchLoader;
import io.canopy.launch.LaunchPlan;
import io.canopy.launch.run.LaunchRunner;
import io.canopy.launch.run.NodeView;
import io.canopy.launch.run.SharedTickerRunner;
import io.canopy.messaging.EmbeddedBroker;
import io.canopy.messaging.Node;
import io.canopy.messaging.NodeConfig;
import io.canopy.messaging.Qos;
import io.canopy.tick.TimerStats;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code canopy fleet --robots N [--broker URL]}: runs N simulated robots in this process (each a full node of
 * {@code fleet-robot.launch.xml}: its own ticker thread, simulated base, trees, machine and MQTT connection, the
 * robots claiming the shared route's waypoints) on one broker, and reports per robot the p99 and max lateness of
 * its timers after a warm-up, and for the process its CPU, RSS and threads, and the MQTT messages per second the
 * broker passed on (counted by one subscriber to {@code #}). With {@code --shared-ticker} the N nodes run on one
 * tick thread ({@link SharedTickerRunner}) instead of one each.
 */
@Command(name = "fleet", mixinStandardHelpOptions = true,
        description = {"Run N simulated robots on one broker and report tick lateness, CPU, RSS and MQTT messages/s.",
            "Example: canopy fleet --robots 10 --duration 20s     (embedded broker)",
            "         canopy fleet --robots 50 --broker tcp://127.0.0.1:1883 --json",
            "         canopy fleet --robots 100 --shared-ticker   (all robots on one tick thread)"})
final class FleetCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--robots", paramLabel = "N", defaultValue = "3", description = "How many robots (default ${DEFAULT-VALUE}).")
    int robots;

    @Option(names = "--broker", paramLabel = "URL", defaultValue = "embedded",
            description = "embedded (a Moquette broker in this process, on a free port), or tcp://HOST:PORT (default ${DEFAULT-VALUE}).")
    String broker;

    @Option(names = "--duration", paramLabel = "TIME", defaultValue = "10s", description = "How long to measure, after the warm-up (default ${DEFAULT-VALUE}).")
    String duration;

    @Option(names = "--warmup", paramLabel = "TIME", defaultValue = "3s", description = "Left out of the figures: start-up, JIT (default ${DEFAULT-VALUE}).")
    String warmup;

    @Option(names = "--launch", paramLabel = "FILE", defaultValue = "launch/examples/fleet-robot.launch.xml",
            description = "The launch file of one robot; it must take the arguments robot, broker, x and y (default ${DEFAULT-VALUE}).")
    Path launch;

    @Option(names = "--shared-ticker", description = "Run the N nodes on one tick thread (each node keeps its timers, phases,"
            + " failsafe and watchdog) instead of one tick thread per node.")
    boolean sharedTicker;

    @Option(names = "--json", description = "Also print the figures as one JSON object on the last line.")
    boolean json;

    /** One robot's figures over the measured window. */
    record RobotFigures(String name, double p99LatenessUs, double maxLatenessUs, long ticks) {}

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (robots < 1 || robots > 1000) {
            err.println("canopy: fleet: --robots " + robots + " is out of range; give 1 to 1000");
            return CanopyMain.EXIT_BAD_INPUT;
        }
        long durationNs = OptionCheck.durationNs("--duration", duration, true);
        long warmupNs = OptionCheck.durationNs("--warmup", warmup, false);
        if (!Files.isRegularFile(launch)) {
            err.println("canopy: fleet: --launch " + launch + ": no such file; run from the Canopy checkout or give"
                    + " --launch path/to/fleet-robot.launch.xml");
            return CanopyMain.EXIT_BAD_INPUT;
        }
        EmbeddedBroker embedded = null;
        String url = broker;
        if ("embedded".equals(broker)) {
            embedded = EmbeddedBroker.start(freePort());
            url = embedded.url();
        }
        Path dir = Files.createTempDirectory("canopy-fleet-");
        try {
            LaunchPlan plan;
            try {
                plan = LaunchLoader.load(fleetFile(dir, launch.toAbsolutePath(), url, robots), Map.of());
            } catch (LaunchException e) {
                e.errors().forEach(line -> err.println("canopy: " + line));
                return CanopyMain.EXIT_BAD_INPUT;
            }
            AtomicLong messages = new AtomicLong();
            try (Node counter = Node.start(NodeConfig.builder("fleet_counter").broker(url).announceState(false).build())) {
                if (!counter.awaitConnected(10_000)) {
                    err.println("canopy: fleet: cannot connect to the broker " + url + " within 10 s; is it running?");
                    return CanopyMain.EXIT_FAILED;
                }
                counter.newRawSubscriber("/#", Qos.AT_MOST_ONCE, (topic, payload, retained) -> messages.incrementAndGet());
                return measure(plan, url, warmupNs, durationNs, messages, out);
            }
        } finally {
            if (embedded != null) {
                embedded.close();
            }
        }
    }

    private int measure(LaunchPlan plan, String url, long warmupNs, long durationNs, AtomicLong messages, PrintWriter out)
            throws InterruptedException {
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        try (Fleet runner = sharedTicker ? Fleet.of(SharedTickerRunner.start(plan)) : Fleet.of(LaunchRunner.start(plan))) {
            TimeUnit.NANOSECONDS.sleep(warmupNs);
            List<NodeView> views = runner.views();
            List<Histogram[]> before = new ArrayList<>();
            List<long[]> ticksBefore = new ArrayList<>();
            for (NodeView v : views) {
                before.add(v.timerStats().stream().map(TimerStats::latenessHistogram).toArray(Histogram[]::new));
                ticksBefore.add(v.timerStats().stream().mapToLong(TimerStats::ticks).toArray());
            }
            long cpu0 = os.getProcessCpuTime();
            long msg0 = messages.get();
            long t0 = System.nanoTime();
            TimeUnit.NANOSECONDS.sleep(durationNs);
            long wallNs = System.nanoTime() - t0;
            double cpuPercent = 100.0 * (os.getProcessCpuTime() - cpu0) / wallNs;
            double msgsPerS = (messages.get() - msg0) * 1e9 / wallNs;
            List<RobotFigures> figures = new ArrayList<>();
            for (int i = 0; i < views.size(); i++) {
                List<TimerStats> stats = views.get(i).timerStats();
                Histogram all = new Histogram(3);
                long ticks = 0;
                for (int k = 0; k < stats.size(); k++) {
                    Histogram h = stats.get(k).latenessHistogram();
                    h.subtract(before.get(i)[k]);
                    all.add(h);
                    ticks += stats.get(k).ticks() - ticksBefore.get(i)[k];
                }
                figures.add(new RobotFigures(views.get(i).fullName(), all.getValueAtPercentile(99) / 1e3, all.getMaxValue() / 1e3, ticks));
            }
            long rssKb = BenchSoakCommand.rssKb();
            int threads = Thread.activeCount();
            int tickThreads = tickThreads(views);
            report(out, plan.nodes().size(), url, wallNs, figures, cpuPercent, rssKb, threads, tickThreads, msgsPerS);
            return CanopyMain.EXIT_OK;
        }
    }

    /** The running nodes, on one tick thread each or on one shared thread. */
    private interface Fleet extends AutoCloseable {
        List<NodeView> views();

        @Override
        void close();

        static Fleet of(LaunchRunner r) {
            return new Fleet() {
                public List<NodeView> views() {
                    return r.views();
                }

                public void close() {
                    r.close();
                }
            };
        }

        static Fleet of(SharedTickerRunner r) {
            return new Fleet() {
                public List<NodeView> views() {
                    return r.views();
                }

                public void close() {
                    r.close();
                }
            };
        }
    }

    /** Live tick threads: named after a node (one per node) or the shared one. */
    private static int tickThreads(List<NodeView> views) {
        Set<String> names = new java.util.HashSet<>();
        views.forEach(v -> names.add(v.fullName()));
        names.add(SharedTickerRunner.THREAD_NAME);
        return (int) Thread.getAllStackTraces().keySet().stream().filter(t -> t.isAlive() && names.contains(t.getName())).count();
    }

    private void report(PrintWriter out, int n, String url, long wallNs, List<RobotFigures> figures, double cpuPercent, long rssKb,
            int threads, int tickThreads, double msgsPerS) {
        out.println(String.format(Locale.ROOT, "%d robots on %s, %s, measured %.1f s after a %s warm-up", n, url,
                sharedTicker ? "one shared tick thread" : "one tick thread per robot", wallNs / 1e9, warmup));
        out.println("robot                      ticks   lateness p99 us   max us");
        for (RobotFigures f : figures) {
            out.println(String.format(Locale.ROOT, "%-24s %8d %17.1f %8.1f", f.name(), f.ticks(), f.p99LatenessUs(), f.maxLatenessUs()));
        }
        double worst = figures.stream().mapToDouble(RobotFigures::p99LatenessUs).max().orElse(0);
        double median = figures.stream().mapToDouble(RobotFigures::p99LatenessUs).sorted().skip(figures.size() / 2).findFirst().orElse(0);
        out.println(String.format(Locale.ROOT, "p99 lateness: median robot %.1f us, worst robot %.1f us; CPU %.0f %% of one core;"
                + " RSS %.0f MB; %d threads (%d tick); MQTT %.0f messages/s through the broker", median, worst, cpuPercent,
                rssKb / 1024.0, threads, tickThreads, msgsPerS));
        if (json) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("robots", n);
            o.put("broker", url);
            o.put("duration_s", wallNs / 1e9);
            o.put("cpu_percent", cpuPercent);
            o.put("rss_mb", rssKb / 1024.0);
            o.put("threads", threads);
            o.put("tick_threads", tickThreads);
            o.put("shared_ticker", sharedTicker);
            o.put("mqtt_messages_per_s", msgsPerS);
            o.put("p99_lateness_us_median_robot", median);
            o.put("p99_lateness_us_worst_robot", worst);
            List<Map<String, Object>> per = new ArrayList<>();
            for (RobotFigures f : figures) {
                Map<String, Object> r = new LinkedHashMap<>();
                r.put("name", f.name());
                r.put("ticks", f.ticks());
                r.put("p99_lateness_us", f.p99LatenessUs());
                r.put("max_lateness_us", f.maxLatenessUs());
                per.add(r);
            }
            o.put("per_robot", per);
            out.println(new GsonBuilder().disableHtmlEscaping().create().toJson(o));
        }
        out.flush();
    }

    /** A launch file including the robot's file {@code n} times (robot1..robotN), spread over the route's room. */
    static Path fleetFile(Path dir, Path robot, String url, int n) throws IOException {
        StringBuilder b = new StringBuilder("<launch>\n");
        for (int i = 1; i <= n; i++) {
            double x = 0.6 + 2.8 * ((i - 1) % 5) / 4.0;
            double y = 0.6 + 1.8 * (((i - 1) / 5) % 4) / 3.0;
            b.append(String.format(Locale.ROOT, "  <include file=\"%s\"><arg name=\"robot\" value=\"robot%d\"/>"
                    + "<arg name=\"broker\" value=\"%s\"/><arg name=\"x\" value=\"%.2f\"/><arg name=\"y\" value=\"%.2f\"/></include>%n",
                    robot, i, url, x, y));
        }
        Path f = dir.resolve("fleet.launch.xml");
        Files.writeString(f, b.append("</launch>\n").toString());
        return f;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}

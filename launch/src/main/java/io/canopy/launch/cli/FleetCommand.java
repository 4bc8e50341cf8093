package io.canopy.launch.cli;

import io.canopy.launch.LaunchException;
import io.canopy.launch.LaunchLoader;
import io.canopy.launch.cli.bench.BenchSoakCommand;
import io.canopy.launch.fleet.FleetReport;
import io.canopy.launch.fleet.FleetRobots;
import io.canopy.launch.fleet.FleetWindow;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.run.NodeView;
import io.canopy.launch.run.SharedTickerRunner;
import io.canopy.launch.run.Signals;
import io.canopy.messaging.MqttNode;
import io.canopy.messaging.NodeConfig;
import io.canopy.messaging.Qos;
import io.canopy.messaging.broker.EmbeddedBroker;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
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
    private static final Logger LOG = LoggerFactory.getLogger(FleetCommand.class);

    @Spec
    CommandSpec spec;

    @Option(names = "--robots", paramLabel = "N", defaultValue = "3", description = "How many robots (default ${DEFAULT-VALUE}).")
    int robots;

    @Option(names = "--broker", paramLabel = "URL",
            description = {"embedded (a Moquette broker in this process, on a free port; the default), or tcp://HOST:PORT.",
                "Give it several times to spread the robots over several brokers (robot i on the i-th, round robin);"
                    + " the messages/s are counted on the first."})
    List<String> brokers = new ArrayList<>();

    @Option(names = "--duration", paramLabel = "TIME", defaultValue = "10s", description = "How long to measure, after the warm-up (default ${DEFAULT-VALUE}).")
    String duration;

    @Option(names = "--warmup", paramLabel = "TIME", defaultValue = "3s", description = "Left out of the figures: start-up, JIT (default ${DEFAULT-VALUE}).")
    String warmup;

    @Option(names = "--start-timeout", paramLabel = "TIME", defaultValue = "120s",
            description = "How long starting the robots may take; robots not started by then are left out and named"
                    + " in the report (default ${DEFAULT-VALUE}).")
    String startTimeout;

    @Option(names = "--settle", paramLabel = "TIME", defaultValue = "30s",
            description = "After the start, wait at most this long for every robot to be connected and ticking; then"
                    + " the warm-up and the measurement run anyway, and the report names the robots that were not"
                    + " (default ${DEFAULT-VALUE}).")
    String settle;

    @Option(names = "--read-timeout", paramLabel = "TIME", defaultValue = "60s",
            description = "How long reading the robots' figures may take at each end of the measurement; robots not read"
                    + " by then are left out of the figures and named in the report (default ${DEFAULT-VALUE}).")
    String readTimeout;

    @Option(names = "--start-threads", paramLabel = "N", defaultValue = "4",
            description = "How many robots are built at a time (default ${DEFAULT-VALUE}).")
    int startThreads;

    @Option(names = "--launch", paramLabel = "FILE", defaultValue = "launch/examples/fleet-robot.launch.xml",
            description = "The launch file of one robot; it must take the arguments robot, broker, x and y (default ${DEFAULT-VALUE}).")
    Path launch;

    @Option(names = "--shared-ticker", description = "Run the N nodes on one tick thread (each node keeps its timers, phases,"
            + " failsafe and watchdog) instead of one tick thread per node.")
    boolean sharedTicker;

    @Option(names = "--json", description = "Also print the figures as one JSON object on the last line.")
    boolean json;

    /** How long stopping the robots may take before the command returns anyway. */
    private static final long STOP_BUDGET_NS = TimeUnit.SECONDS.toNanos(30);

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (robots < 1 || robots > 1000) {
            err.println("canopy: fleet: --robots " + robots + " is out of range; give 1 to 1000");
            return CanopyMain.EXIT_BAD_INPUT;
        }
        if (startThreads < 1 || startThreads > 64) {
            err.println("canopy: fleet: --start-threads " + startThreads + " is out of range; give 1 to 64");
            return CanopyMain.EXIT_BAD_INPUT;
        }
        long durationNs = OptionCheck.durationNs("--duration", duration, true);
        long warmupNs = OptionCheck.durationNs("--warmup", warmup, false);
        long startTimeoutNs = OptionCheck.durationNs("--start-timeout", startTimeout, true);
        long settleNs = OptionCheck.durationNs("--settle", settle, false);
        long readNs = OptionCheck.durationNs("--read-timeout", readTimeout, true);
        if (!Files.isRegularFile(launch)) {
            err.println("canopy: fleet: --launch " + launch + ": no such file; run from the Canopy checkout or give"
                    + " --launch path/to/fleet-robot.launch.xml");
            return CanopyMain.EXIT_BAD_INPUT;
        }
        if (brokers.isEmpty()) {
            brokers.add("embedded");
        }
        EmbeddedBroker embedded = null;
        List<String> urls = new ArrayList<>();
        Path dir = null;
        try {
            for (String b : brokers) {
                if ("embedded".equals(b)) {
                    if (embedded == null) {
                        embedded = EmbeddedBroker.start(freePort());
                    }
                    urls.add(embedded.url());
                } else {
                    urls.add(b);
                }
            }
            dir = Files.createTempDirectory("canopy-fleet-");
            LaunchPlan plan;
            try {
                plan = LaunchLoader.load(fleetFile(dir, launch.toAbsolutePath(), urls, robots), Map.of());
            } catch (LaunchException e) {
                e.errors().forEach(line -> err.println("canopy: " + line));
                return CanopyMain.EXIT_BAD_INPUT;
            }
            AtomicLong messages = new AtomicLong();
            try (MqttNode counter = MqttNode.start(NodeConfig.builder("fleet_counter").broker(urls.get(0)).announceState(false).build())) {
                if (!counter.awaitConnected(10_000)) {
                    err.println("canopy: fleet: cannot connect to the broker " + urls.get(0) + " within 10 s; is it running?");
                    return CanopyMain.EXIT_FAILED;
                }
                counter.newRawSubscriber("/#", Qos.AT_MOST_ONCE, (topic, payload, retained) -> messages.incrementAndGet());
                return run(plan, String.join(", ", new LinkedHashSet<>(urls)), startTimeoutNs, settleNs, readNs, warmupNs,
                        durationNs, messages, out, err);
            }
        } finally {
            if (embedded != null) {
                embedded.close();
            }
            deleteQuietly(dir);
        }
    }

    /** Start (bounded), settle (bounded), warm up, measure, report, stop (bounded); SIGINT/SIGTERM end any phase early. */
    private int run(LaunchPlan plan, String url, long startTimeoutNs, long settleNs, long readNs, long warmupNs, long durationNs,
            AtomicLong messages, PrintWriter out, PrintWriter err) throws InterruptedException {
        CountDownLatch stop = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        AtomicReference<String> stoppedBy = new AtomicReference<>();
        Signals.onInterrupt(signal -> {
            if (stoppedBy.compareAndSet(null, signal)) {
                LOG.info("stopping ({})", signal);
            }
            stop.countDown();
        }, () -> awaitQuietly(done));
        BooleanSupplier stopped = () -> stop.getCount() == 0;
        FleetRobots fleet = null;
        try {
            long deadline = System.nanoTime() + startTimeoutNs;
            fleet = sharedTicker ? FleetRobots.startShared(plan, deadline, stopped)
                    : FleetRobots.startOwn(plan, startThreads, deadline, stopped);
            LOG.info("{} of {} robot(s) started in {} ms", fleet.started().size(), robots, TimeUnit.NANOSECONDS.toMillis(fleet.startNs()));
            long settleStart = System.nanoTime();
            boolean settled = settle(fleet, settleNs, stop);
            long settledNs = System.nanoTime() - settleStart;
            if (!stopped.getAsBoolean()) {
                stop.await(warmupNs, TimeUnit.NANOSECONDS);
            }
            if (stopped.getAsBoolean()) {
                err.println("canopy: fleet: stopped (" + stoppedBy.get() + ") before the measurement; " + fleet.started().size()
                        + " of " + robots + " robot(s) had started");
                return CanopyMain.EXIT_FAILED;
            }
            FleetWindow window = FleetWindow.open(fleet, messages, readNs);
            stop.await(durationNs, TimeUnit.NANOSECONDS);
            FleetWindow.Result result = window.close();
            int tickThreads = tickThreads(fleet);
            FleetReport report = new FleetReport(robots, url, sharedTicker, warmup, fleet, result, tickThreads,
                    Thread.activeCount(), BenchSoakCommand.rssKb(), fleet.startNs(), settled, settledNs, stoppedBy.get());
            report.printText(out);
            if (json) {
                out.println(report.json());
            }
            out.flush();
            return CanopyMain.EXIT_OK;
        } finally {
            if (fleet != null) {
                int left = fleet.stop(10, STOP_BUDGET_NS);
                if (left > 0) {
                    err.println("canopy: fleet: " + left + " robot(s) still stopping after "
                            + TimeUnit.NANOSECONDS.toSeconds(STOP_BUDGET_NS) + " s; leaving them");
                }
            }
            done.countDown();
        }
    }

    /** Waits until every started robot is connected and has ticked, {@code settleNs} passed or a signal came. */
    private static boolean settle(FleetRobots fleet, long settleNs, CountDownLatch stop) throws InterruptedException {
        long end = System.nanoTime() + settleNs;
        while (true) {
            boolean all = true;
            for (FleetRobots.Robot r : fleet.started()) {
                NodeView v = r.view();
                if (!v.mqttConnected() || v.timerTicks().stream().mapToLong(Long::longValue).sum() == 0) {
                    all = false;
                    break;
                }
            }
            if (all) {
                return true;
            }
            long left = end - System.nanoTime();
            if (left <= 0 || stop.await(Math.min(left, TimeUnit.MILLISECONDS.toNanos(100)), TimeUnit.NANOSECONDS)) {
                return false;
            }
        }
    }

    private static void awaitQuietly(CountDownLatch done) {
        try {
            done.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Live tick threads: named after a robot (one per robot) or the shared one. */
    private static int tickThreads(FleetRobots fleet) {
        Set<String> names = new HashSet<>();
        fleet.robots().forEach(r -> names.add(r.name()));
        names.add(SharedTickerRunner.THREAD_NAME);
        return (int) Thread.getAllStackTraces().keySet().stream().filter(t -> t.isAlive() && names.contains(t.getName())).count();
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (var files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            LOG.debug("could not delete {}: {}", dir, e.toString());
        }
    }

    /**
     * A launch file including the robot's file {@code n} times (robot1..robotN), spread over the route's room, robot i
     * on broker {@code urls[(i - 1) % size]}.
     */
    static Path fleetFile(Path dir, Path robot, List<String> urls, int n) throws IOException {
        StringBuilder b = new StringBuilder("<launch>\n");
        for (int i = 1; i <= n; i++) {
            double x = 0.6 + 2.8 * ((i - 1) % 5) / 4.0;
            double y = 0.6 + 1.8 * (((i - 1) / 5) % 4) / 3.0;
            b.append(String.format(Locale.ROOT, "  <include file=\"%s\"><arg name=\"robot\" value=\"robot%d\"/>"
                    + "<arg name=\"broker\" value=\"%s\"/><arg name=\"x\" value=\"%.2f\"/><arg name=\"y\" value=\"%.2f\"/></include>%n",
                    robot, i, urls.get((i - 1) % urls.size()), x, y));
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

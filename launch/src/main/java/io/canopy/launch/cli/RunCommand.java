package io.canopy.launch.cli;

import io.canopy.bt.NodeRegistry;
import io.canopy.launch.LaunchException;
import io.canopy.launch.LaunchLoader;
import io.canopy.launch.foxglove.FoxgloveOptions;
import io.canopy.launch.logging.TerminalLine;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.plan.NodePlan;
import io.canopy.launch.record.RecordOptions;
import io.canopy.launch.run.LaunchRunner;
import io.canopy.launch.run.Signals;
import io.canopy.launch.service.ServiceNotifier;
import io.canopy.launch.web.WebOptions;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code canopy run FILE [--arg k=v]... [--duration 30s]}: runs the nodes of a launch file until SIGINT,
 * SIGTERM or the end of the duration, then shuts down cleanly (trees halted, machines exited, motors
 * stopped, {@code offline} published, ports and broker closed) and exits 0.
 */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description = {
            "Run the node(s) of a launch file until SIGINT/SIGTERM (or --duration), then shut down cleanly:",
            "halt trees, exit machines, stop every motor, publish 'offline', close ports and the broker.",
            "On a terminal a live status line is shown; otherwise a status log line every --status-every."
        })
final class RunCommand implements Callable<Integer> {
    private static final Logger LOG = LoggerFactory.getLogger("io.canopy.run");

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "The launch file (*.launch.xml).")
    Path file;

    @Option(names = "--arg", paramLabel = "NAME=VALUE", description = "Set a launch argument (repeatable).")
    List<String> args = new ArrayList<>();

    @Option(names = "--duration", paramLabel = "TIME", description = "Stop after this long (30s, 500ms, 2m); default: run until a signal.")
    String duration;

    @Option(names = "--status-every", paramLabel = "TIME", defaultValue = "5s",
            description = "Period of the status log line when not on a terminal (default: ${DEFAULT-VALUE}).")
    String statusEvery;

    @Option(names = "--no-status", description = "Print no status line.")
    boolean noStatus;

    @Mixin
    ObserveOptions observe;

    @Mixin
    BrokerLogin login = new BrokerLogin();

    @Mixin LaunchOptions launchOptions;

    @Mixin
    WebOptions web = new WebOptions();

    @Mixin RecordOptions recording = new RecordOptions();

    @Mixin
    PluginOptions plugins = new PluginOptions();

    @Mixin StubOptions stubs = new StubOptions();

    @Mixin FoxgloveOptions foxglove = new FoxgloveOptions();

    @Mixin DeployOptions deploy = new DeployOptions();

    @Override
    public Integer call() throws InterruptedException {
        if (launchOptions.showArgs(file, spec.commandLine().getOut())) return CanopyMain.EXIT_OK;
        Map<String, String> argValues = new LinkedHashMap<>();
        for (String a : args) {
            Map.Entry<String, String> e = LaunchLoader.parseArg(a);
            argValues.put(e.getKey(), e.getValue());
        }
        long durationNs = duration == null ? 0 : OptionCheck.durationNs("--duration", duration, true);
        long statusNs = OptionCheck.durationNs("--status-every", statusEvery, true);
        PrintWriter err = spec.commandLine().getErr();
        LaunchPlan plan;
        try {
            plan = deploy.applyTo(launchOptions.applyTo(login.applyTo(LaunchLoader.load(file, argValues, launchOptions.searchPath))));
            if (login.given() && !plan.nodes().isEmpty() && plan.nodes().stream().noneMatch(NodePlan::hasMqtt)) {
                var n = plan.nodes().get(0);
                throw new LaunchException(List.of("--user/--password-env/--ca-file: node '" + n.fullName() + "' has no MQTT ("
                        + n.mqtt().source() + " broker=\"none\"); drop the option, or give the node a broker"));
            }
        } catch (LaunchException e) {
            e.errors().forEach(line -> err.println("canopy: " + line));
            err.flush();
            return CanopyMain.EXIT_BAD_INPUT;
        }
        CountDownLatch stop = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        AtomicReference<String> why = new AtomicReference<>("--duration " + duration);
        Signals.onInterrupt(signal -> {
            why.set(signal);
            stop.countDown();
        }, () -> awaitQuietly(done));
        long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
        long loaded = System.currentTimeMillis();
        // under systemd (NOTIFY_SOCKET): READY=1 after the first tick, WATCHDOG=1 while ticks are on time; else a no-op
        ServiceNotifier service = ServiceNotifier.fromEnvironment(System.getenv());
        AtomicReference<LaunchRunner> started = new AtomicReference<>();
        service.statusFrom(() -> started.get() == null ? "running" : String.join(" || ", started.get().statusLines()));
        LaunchRunner runner;
        try {
            runner = LaunchRunner.start(plan, plugins.addTo(NodeRegistry.withBuiltins()),
                    observe.options(), foxglove.taps(service.taps(recording.taps(plan)), System.out));
        } catch (RuntimeException e) {
            foxglove.close();
            recording.abandon();
            service.close();
            throw e;
        }
        started.set(runner);
        deploy.attach(runner);
        LOG.info("launch file read {} ms after the JVM started; nodes built and started in {} ms", loaded - jvmStart,
                System.currentTimeMillis() - loaded);
        AutoCloseable page = null;
        try {
            page = web.start(runner, () -> { why.set("stop from the web page"); stop.countDown(); }, System.out);
            loop(runner, stop, durationNs, statusNs, service);
            System.out.flush();
            service.stopping(why.get());
            LOG.info("stopping ({})", why.get());
            long took = runner.shutdown();
            LOG.info("stopped cleanly in {} ms", TimeUnit.NANOSECONDS.toMillis(took));
        } finally {
            closeQuietly(page);
            deploy.close();
            runner.shutdown();
            foxglove.close();
            recording.close();
            service.close();
            done.countDown();
        }
        return CanopyMain.EXIT_OK;
    }

    private void loop(LaunchRunner runner, CountDownLatch stop, long durationNs, long statusNs, ServiceNotifier service)
            throws InterruptedException {
        boolean tty = System.console() != null && !noStatus;
        long start = System.nanoTime();
        long periodNs = tty ? TimeUnit.MILLISECONDS.toNanos(500) : statusNs;
        boolean reportedStart = false;
        long nextStatus = start + periodNs;
        PrintWriter out = spec.commandLine().getOut();
        while (true) {
            long now = System.nanoTime();
            long wait = nextStatus - now;
            if (durationNs > 0) {
                wait = Math.min(wait, start + durationNs - now);
            }
            if (!reportedStart) {
                wait = Math.min(wait, TimeUnit.MILLISECONDS.toNanos(5));
            }
            if (stop.await(Math.max(0, wait), TimeUnit.NANOSECONDS)) {
                break;
            }
            now = System.nanoTime();
            if (!reportedStart && runner.firstTickEpochMs() != 0) {
                reportedStart = true;
                long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
                LOG.info("first tick {} ms after the JVM started", runner.firstTickEpochMs() - jvmStart);
            }
            if (durationNs > 0 && now - (start + durationNs) >= 0) {
                break;
            }
            if (now - nextStatus >= 0) {
                nextStatus += periodNs;
                if (noStatus) {
                    continue;
                }
                List<String> lines = runner.statusLines();
                service.status(String.join(" || ", lines));
                if (tty) {
                    String line = String.join("  ||  ", lines);
                    int width = TerminalLine.width(160);
                    out.print("\r" + (line.length() > width ? line.substring(0, width - 1) : line) + "\u001b[K");
                    out.flush();
                    TerminalLine.showing(true); // a log line first clears it
                } else {
                    lines.forEach(l -> LOG.info("status {}", l));
                }
            }
        }
        if (tty) {
            TerminalLine.showing(false);
            out.println();
            out.flush();
        }
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            if (c != null) {
                c.close();
            }
        } catch (Exception e) {
            LOG.debug("closing: {}", e.toString());
        }
    }

    private static void awaitQuietly(CountDownLatch done) {
        try {
            done.await(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

package io.canopy.launch.fleet;

import io.canopy.bt.NodeRegistry;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.plan.NodePlan;
import io.canopy.launch.run.LaunchRunner;
import io.canopy.launch.run.NodeView;
import io.canopy.launch.run.SharedTickerRunner;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The robots of {@code canopy fleet}, started with a deadline and stopped with one: whatever N and however loaded
 * the host, starting and stopping end in bounded time. Robots are built a few at a time (each a one-node
 * {@link LaunchRunner}, or all on one {@link SharedTickerRunner}); a robot not built when the start-up window
 * closes is left out and named ({@link Robot#started()} false), a robot whose build failed keeps its one-line error.
 * A build still in progress when the window closes finishes in the background and is stopped at once.
 */
public final class FleetRobots implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(FleetRobots.class);

    /** One robot of the fleet: its name, and once started its live figures. */
    public static final class Robot {
        private final String name;
        private final LaunchPlan plan;
        private volatile LaunchRunner runner;
        private volatile NodeView view;
        private volatile String error;

        Robot(String name, LaunchPlan plan) {
            this.name = name;
            this.plan = plan;
        }

        /** {@code robotN/controller}. */
        public String name() {
            return name;
        }

        /** True when the robot was built and started within the start-up window. */
        public boolean started() {
            return view != null;
        }

        /** Its live figures; null when it did not start. */
        public NodeView view() {
            return view;
        }

        /** Why its build failed (one line), or null. */
        public String error() {
            return error;
        }
    }

    private final List<Robot> robots = new ArrayList<>();
    private final Object lock = new Object();
    private boolean windowClosed; // guarded by lock: builds that end after it are stopped at once
    private SharedTickerRunner shared;
    private long startNs;

    private FleetRobots(LaunchPlan plan) {
        for (NodePlan n : plan.nodes()) {
            robots.add(new Robot(n.fullName(), new LaunchPlan(plan.file(), plan.args(), List.of(n))));
        }
    }

    /**
     * Starts every node of {@code plan} as a robot with its own tick thread, {@code threads} builds at a time, until
     * all are started, {@code deadlineNanoTime} ({@link System#nanoTime}) passes or {@code stop} says so.
     */
    public static FleetRobots startOwn(LaunchPlan plan, int threads, long deadlineNanoTime, BooleanSupplier stop)
            throws InterruptedException {
        FleetRobots f = new FleetRobots(plan);
        long t0 = System.nanoTime();
        ExecutorService builders = Executors.newFixedThreadPool(Math.max(1, Math.min(threads, f.robots.size())), daemons("fleet-start"));
        for (Robot r : f.robots) {
            builders.execute(() -> f.build(r, deadlineNanoTime, stop));
        }
        builders.shutdown();
        try {
            while (!builders.awaitTermination(100, TimeUnit.MILLISECONDS)) {
                if (System.nanoTime() - deadlineNanoTime >= 0 || stop.getAsBoolean()) {
                    break;
                }
            }
        } finally {
            synchronized (f.lock) {
                f.windowClosed = true;
            }
            f.startNs = System.nanoTime() - t0;
        }
        return f;
    }

    /**
     * Starts the nodes of {@code plan} on one tick thread; builds them in order while {@code deadlineNanoTime} has not
     * passed and {@code stop} does not say so (the one build in progress at the deadline still ends).
     */
    public static FleetRobots startShared(LaunchPlan plan, long deadlineNanoTime, BooleanSupplier stop) {
        FleetRobots f = new FleetRobots(plan);
        long t0 = System.nanoTime();
        synchronized (f.lock) {
            f.windowClosed = true;
        }
        f.shared = SharedTickerRunner.start(plan, NodeRegistry.withBuiltins(),
                () -> System.nanoTime() - deadlineNanoTime < 0 && !stop.getAsBoolean());
        List<NodeView> views = f.shared.views();
        for (int i = 0; i < views.size(); i++) {
            f.robots.get(i).view = views.get(i);
        }
        f.startNs = System.nanoTime() - t0;
        return f;
    }

    private void build(Robot r, long deadlineNanoTime, BooleanSupplier stop) {
        synchronized (lock) {
            if (windowClosed || System.nanoTime() - deadlineNanoTime >= 0 || stop.getAsBoolean()) {
                return; // left out: named as not started
            }
        }
        LaunchRunner runner;
        try {
            runner = LaunchRunner.start(r.plan);
        } catch (RuntimeException e) {
            r.error = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
            LOG.warn("robot {} did not start: {}", r.name, r.error);
            return;
        }
        synchronized (lock) {
            if (!windowClosed) {
                r.runner = runner;
                r.view = runner.views().get(0);
                return;
            }
        }
        LOG.warn("robot {} was built after the start-up window closed; stopping it", r.name);
        runner.close();
    }

    /** Every robot asked for, in order (robot1..robotN), started or not. */
    public List<Robot> robots() {
        return robots;
    }

    /** The robots that run. */
    public List<Robot> started() {
        return robots.stream().filter(Robot::started).toList();
    }

    /** How long the start-up took, in nanoseconds. */
    public long startNs() {
        return startNs;
    }

    /**
     * Stops every robot, up to {@code threads} at a time, waiting at most {@code budgetNs}; returns how many were still
     * stopping then (they go on in the background, on daemon threads).
     */
    public int stop(int threads, long budgetNs) throws InterruptedException {
        List<Runnable> stops = new ArrayList<>();
        if (shared != null) {
            stops.add(shared::close);
        }
        for (Robot r : robots) {
            LaunchRunner runner = r.runner;
            if (runner != null) {
                stops.add(runner::close);
            }
        }
        if (stops.isEmpty()) {
            return 0;
        }
        AtomicInteger left = new AtomicInteger(stops.size());
        ExecutorService stoppers = Executors.newFixedThreadPool(Math.max(1, Math.min(threads, stops.size())), daemons("fleet-stop"));
        for (Runnable s : stops) {
            stoppers.execute(() -> {
                try {
                    s.run();
                } catch (RuntimeException e) {
                    LOG.warn("a robot did not stop cleanly: {}", e.toString());
                } finally {
                    left.decrementAndGet();
                }
            });
        }
        stoppers.shutdown();
        stoppers.awaitTermination(budgetNs, TimeUnit.NANOSECONDS);
        // the shared runner stops all its robots at once: count them, not it
        return shared != null && left.get() > 0 ? started().size() : left.get();
    }

    /** Stops every robot with the default budget (ten at a time, 30 s). */
    @Override
    public void close() {
        try {
            stop(10, TimeUnit.SECONDS.toNanos(30));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static ThreadFactory daemons(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}

package io.canopy.launch.run;

import io.canopy.bt.NodeRegistry;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.plan.NodePlan;
import io.canopy.tick.StallHandler;
import io.canopy.tick.SystemNanoClock;
import io.canopy.tick.TickerGroup;
import io.canopy.tick.Watchdog;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs every node of a {@link LaunchPlan} on ONE tick thread ({@code canopy fleet --shared-ticker}): each node is
 * built as {@code canopy run} builds it (its own ticker with its timers, inbox, one-shot timers and statistics, its
 * tick phases, failsafe and watchdog), but a {@link TickerGroup} runs all the tickers instead of one thread per node.
 * Each node stays single-threaded: only the group's thread ticks it.
 *
 * <p>One watchdog thread ({@code shared-ticker-watchdog}) watches every node's ticker against its own timers'
 * budgets. A stall of one node's tick holds up every node on the thread, so it calls the failsafes of all of them
 * (each node's motors are stopped, each node raises {@code watchdog.stall}).
 */
public final class SharedTickerRunner implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SharedTickerRunner.class);
    /** The name of the one tick thread. */
    public static final String THREAD_NAME = "shared-ticker";

    private final List<NodeRuntime> nodes = new ArrayList<>();
    private final TickerGroup group = new TickerGroup(THREAD_NAME, SystemNanoClock.INSTANCE);
    private Watchdog watchdog;
    private boolean stopped;

    private SharedTickerRunner() {}

    /** Builds every node of {@code plan} with the built-in and navigation leaves, then starts them on one thread. */
    public static SharedTickerRunner start(LaunchPlan plan) {
        return start(plan, NodeRegistry.withBuiltins());
    }

    /** As above with your own leaves registered in {@code registry}. */
    public static SharedTickerRunner start(LaunchPlan plan, NodeRegistry registry) {
        return start(plan, registry, () -> true);
    }

    /**
     * As above, but builds and then starts the nodes in order only while {@code keepBuilding} says so (asked before
     * each node is built and before each is started: {@code canopy fleet} gives the start-up a deadline); the nodes
     * started by then run, in the plan's order, the others are left out (built ones are stopped; see {@link #size()}).
     */
    public static SharedTickerRunner start(LaunchPlan plan, NodeRegistry registry, BooleanSupplier keepBuilding) {
        SharedTickerRunner r = new SharedTickerRunner();
        try {
            for (NodePlan n : plan.nodes()) {
                if (!keepBuilding.getAsBoolean()) {
                    LOG.warn("{} of {} node(s) built when the start-up ended; the others do not run", r.nodes.size(),
                            plan.nodes().size());
                    break;
                }
                NodeRuntime node = NodeRuntime.build(n, SystemNanoClock.INSTANCE, registry, NodeTap.NONE);
                r.nodes.add(node);
                node.applyParams(); // <param>s of trees and machines, before the first tick
            }
            List<NodeRuntime> unstarted = new ArrayList<>();
            for (NodeRuntime n : r.nodes) {
                if (!unstarted.isEmpty() || !keepBuilding.getAsBoolean()) {
                    unstarted.add(n); // the start-up ran out of time: built, never started, stopped below
                    continue;
                }
                n.startIn(r.group); // everything but the tick thread and its watchdog; announces the node
            }
            if (!unstarted.isEmpty()) {
                LOG.warn("{} of {} built node(s) started when the start-up ended; stopping the others", r.nodes.size()
                        - unstarted.size(), r.nodes.size());
                r.nodes.removeAll(unstarted);
                unstarted.forEach(n -> n.shutdown(LaunchRunner.SHUTDOWN_BUDGET_NS));
            }
            List<StallHandler> failsafes = r.nodes.stream().map(NodeRuntime::failsafes).toList();
            StallHandler all = (role, timer, stalledForNs) -> {
                for (StallHandler f : failsafes) {
                    f.onStall(role, timer, stalledForNs);
                }
            };
            if (!r.nodes.isEmpty()) {
                // the one thread takes the first node's <realtime> tick-thread options (a fleet file repeats one robot)
                r.group.realtime(r.nodes.get(0).view().plan().realtime().tickThread());
            }
            r.group.start();
            if (!r.nodes.isEmpty()) { // none when the start-up ran out before the first node
                r.watchdog = Watchdog.ofGroup(THREAD_NAME, r.nodes.stream().map(NodeRuntime::ticker).toList(),
                        Collections.nCopies(r.nodes.size(), all)).start();
            }
            LOG.info("{} node(s) ticking on one thread '{}'", r.nodes.size(), THREAD_NAME);
        } catch (RuntimeException e) {
            r.close();
            throw e;
        }
        return r;
    }

    /** How many nodes run (fewer than the plan's when the start-up was cut short). */
    public int size() {
        return nodes.size();
    }

    /** Live figures of the nodes, for tests and {@code canopy fleet}. */
    public List<NodeView> views() {
        return nodes.stream().map(NodeRuntime::view).toList();
    }

    /** The id of the one tick thread ({@link Thread#getId()}), -1 before it started. */
    public long tickThreadId() {
        return group.tickThreadId();
    }

    /**
     * Clean shutdown: each node stops as under {@code canopy run} (its ticker leaves the group, then its trees halt,
     * its motors stop, ...), then the thread ends. Returns the time it took in nanoseconds. Idempotent.
     */
    public synchronized long shutdown() {
        if (stopped) {
            return 0;
        }
        stopped = true;
        long start = System.nanoTime();
        if (watchdog != null) {
            watchdog.stop();
        }
        for (NodeRuntime n : nodes) {
            n.shutdown(LaunchRunner.SHUTDOWN_BUDGET_NS);
        }
        group.stop(1_000);
        return System.nanoTime() - start;
    }

    @Override
    public void close() {
        shutdown();
    }
}

package io.canopy.launch.run;

import io.canopy.bt.NodeRegistry;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.plan.NodePlan;
import io.canopy.launch.report.MonitorOptions;
import io.canopy.launch.report.StatusLine;
import io.canopy.tick.SystemNanoClock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a {@link LaunchPlan}: builds every node (loading its trees and machines, opening its links,
 * starting its simulators and MQTT connection), starts them, reports their status, and shuts them down
 * cleanly. {@code canopy run} and the end-to-end tests use it.
 */
public final class LaunchRunner implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LaunchRunner.class);
    /** How long a clean shutdown may take. */
    public static final long SHUTDOWN_BUDGET_NS = TimeUnit.MILLISECONDS.toNanos(500);

    private final List<NodeRuntime> nodes = new ArrayList<>();
    private boolean stopped;

    private LaunchRunner() {}

    /** Builds and starts every node of {@code plan}, with the built-in and navigation leaves. */
    public static LaunchRunner start(LaunchPlan plan) {
        return start(plan, NodeRegistry.withBuiltins());
    }

    /** As {@link #start(LaunchPlan)} with your own leaves registered in {@code registry}. */
    public static LaunchRunner start(LaunchPlan plan, NodeRegistry registry) {
        return start(plan, registry, MonitorOptions.NONE);
    }

    /**
     * As {@link #start(LaunchPlan, NodeRegistry)} with the debugging tools of {@code monitor}: Groot2 servers,
     * {@code .btlog}s, console and Perfetto traces (see {@link MonitorOptions}). With several nodes, the Groot2
     * ports go on from node to node and each node writes its own trace file.
     */
    public static LaunchRunner start(LaunchPlan plan, NodeRegistry registry, MonitorOptions monitor) {
        return start(plan, registry, monitor, null);
    }

    /** As above, each node seen by the {@link NodeTap} {@code taps} gives it (a recorder; null: none). */
    public static LaunchRunner start(LaunchPlan plan, NodeRegistry registry, MonitorOptions monitor,
            Function<NodePlan, NodeTap> taps) {
        LaunchRunner r = new LaunchRunner();
        try {
            int port = monitor.groot2Port();
            int index = 0;
            for (NodePlan n : plan.nodes()) {
                NodeRuntime node = NodeRuntime.build(n, SystemNanoClock.INSTANCE, registry,
                        taps == null ? NodeTap.NONE : taps.apply(n));
                node.monitor(monitor.forNode(index++, plan.nodes().size(), n.fullName(), port));
                port = port > 0 ? port + 2 * n.trees().size() : 0;
                r.nodes.add(node);
                node.applyParams(); // <param>s of trees and machines, before the first tick
            }
            for (NodeRuntime n : r.nodes) {
                n.start(); // and announces it: the graph entry canopy topic/node list read (retained)
            }
        } catch (RuntimeException e) {
            r.close();
            throw e;
        }
        return r;
    }

    /** Wall-clock time (ms) of the first tick of any node, 0 before it. */
    public long firstTickEpochMs() {
        long first = 0;
        for (NodeRuntime n : nodes) {
            long t = n.view().firstTickEpochMs();
            if (t != 0 && (first == 0 || t < first)) {
                first = t;
            }
        }
        return first;
    }

    /** One status line per node (any thread). */
    public List<String> statusLines() {
        List<String> out = new ArrayList<>();
        for (NodeRuntime n : nodes) {
            out.add(StatusLine.line(n.view()));
        }
        return out;
    }

    /** Live figures of the nodes, for tests and the status line. */
    public List<NodeView> views() {
        return nodes.stream().map(NodeRuntime::view).toList();
    }

    /**
     * Clean shutdown of every node (see {@link NodeControl#shutdown}); returns the time it took in
     * nanoseconds. Idempotent.
     */
    public synchronized long shutdown() {
        if (stopped) {
            return 0;
        }
        stopped = true;
        long start = System.nanoTime();
        for (NodeRuntime n : nodes) {
            n.shutdown(SHUTDOWN_BUDGET_NS);
        }
        long took = System.nanoTime() - start;
        if (took > SHUTDOWN_BUDGET_NS) {
            LOG.warn("shutdown took {} ms, over its {} ms budget", TimeUnit.NANOSECONDS.toMillis(took),
                    TimeUnit.NANOSECONDS.toMillis(SHUTDOWN_BUDGET_NS));
        }
        return took;
    }

    @Override
    public void close() {
        shutdown();
    }
}

package io.canopy.bt.control;

import io.canopy.bt.ControlNode;
import io.canopy.bt.Input;
import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;
import java.util.Arrays;

/**
 * Ticks all children until every one has completed (BT.CPP {@code ParallelAll}).
 *
 * <ul>
 *   <li>Completed children are not ticked again; skipped children count as done.
 *   <li>When all are done: FAILURE if failures reach {@code max_failures} (default 1; negative t means
 *       {@code children + t + 1}), else SUCCESS. All skipped: SKIPPED. Otherwise RUNNING.
 * </ul>
 */
public final class ParallelAll extends ControlNode {
    public static final NodeType TYPE = NodeType.control("ParallelAll", ParallelAll::new,
            Port.input("max_failures", PortType.INT).withDefault("1")
                    .describe("failures that make the node fail; negative: children + value + 1"));

    private final Input maxFailures;
    private boolean[] completed;
    private int completedCount;
    private int failures;

    public ParallelAll(NodeInit init) {
        super(init);
        maxFailures = init.input("max_failures");
    }

    @Override
    protected Status tick() {
        Node[] ch = children;
        int n = ch.length;
        if (completed == null) {
            completed = new boolean[n];
        }
        int t = maxFailures.getInt();
        int threshold = t < 0 ? Math.max(n + t + 1, 0) : t;
        if (n < threshold) {
            throw new IllegalStateException("max_failures " + threshold + " is more than the " + n
                    + " children: the node can never fail");
        }
        int skipped = 0;
        for (int i = 0; i < n; i++) {
            if (completed[i]) {
                continue;
            }
            Node c = ch[i];
            Status s = c.executeTick();
            if (s == Status.SUCCESS) {
                completed[i] = true;
                completedCount++;
            } else if (s == Status.FAILURE) {
                completed[i] = true;
                completedCount++;
                failures++;
            } else if (s == Status.SKIPPED) {
                skipped++;
            } else if (s != Status.RUNNING) {
                throw idleReturned(c);
            }
        }
        if (skipped == n) {
            return Status.SKIPPED;
        }
        if (skipped + completedCount >= n) {
            resetChildren();
            Status result = failures >= threshold ? Status.FAILURE : Status.SUCCESS;
            clear();
            return result;
        }
        return Status.RUNNING;
    }

    private void clear() {
        Arrays.fill(completed, false);
        completedCount = 0;
        failures = 0;
    }

    @Override
    protected void halt() {
        if (completed != null) {
            clear();
        }
        super.halt();
    }
}

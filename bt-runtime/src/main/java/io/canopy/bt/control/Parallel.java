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
 * Ticks all children in one tick, concurrently in the behavior-tree sense (BT.CPP {@code Parallel}).
 *
 * <ul>
 *   <li>Thresholds {@code success_count} (default -1) and {@code failure_count} (default 1); a negative
 *       threshold t means {@code children + t + 1}. A threshold above the number of children throws.
 *   <li>After each child: SUCCESS when successes reach the threshold (with a negative success threshold,
 *       skipped children count too); FAILURE when success can no longer be reached or failures equal the
 *       failure threshold. Then RUNNING children are halted in index order and later children not ticked.
 *   <li>Completed children are not ticked again until the node completes. All skipped: SKIPPED.
 * </ul>
 */
public final class Parallel extends ControlNode {
    public static final NodeType TYPE = NodeType.control("Parallel", Parallel::new,
            Port.input("success_count", PortType.INT).withDefault("-1")
                    .describe("successes needed; negative: children + value + 1"),
            Port.input("failure_count", PortType.INT).withDefault("1")
                    .describe("failures that fail the node; negative: children + value + 1"));

    private final Input successPort;
    private final Input failurePort;
    private boolean[] completed;
    private int successes;
    private int failures;

    public Parallel(NodeInit init) {
        super(init);
        successPort = init.input("success_count");
        failurePort = init.input("failure_count");
    }

    private int threshold(int t) {
        return t < 0 ? Math.max(children.length + t + 1, 0) : t;
    }

    @Override
    protected Status tick() {
        Node[] ch = children;
        int n = ch.length;
        if (completed == null) {
            completed = new boolean[n];
        }
        int successThreshold = successPort.getInt();
        int requiredSuccess = threshold(successThreshold);
        int requiredFailure = threshold(failurePort.getInt());
        if (n < requiredSuccess) {
            throw new IllegalStateException("success_count " + requiredSuccess + " is more than the " + n
                    + " children: the node can never succeed");
        }
        if (n < requiredFailure) {
            throw new IllegalStateException("failure_count " + requiredFailure + " is more than the " + n
                    + " children: the node can never fail");
        }
        int skipped = 0;
        for (int i = 0; i < n; i++) {
            if (!completed[i]) {
                Node c = ch[i];
                Status s = c.executeTick();
                if (s == Status.SUCCESS) {
                    completed[i] = true;
                    successes++;
                } else if (s == Status.FAILURE) {
                    completed[i] = true;
                    failures++;
                } else if (s == Status.SKIPPED) {
                    skipped++;
                } else if (s != Status.RUNNING) {
                    throw idleReturned(c);
                }
            }
            if (successes >= requiredSuccess || (successThreshold < 0 && successes + skipped >= requiredSuccess)) {
                clear();
                resetChildren();
                return Status.SUCCESS;
            }
            if (n - failures < requiredSuccess || failures == requiredFailure) {
                clear();
                resetChildren();
                return Status.FAILURE;
            }
        }
        return skipped == n ? Status.SKIPPED : Status.RUNNING;
    }

    private void clear() {
        Arrays.fill(completed, false);
        successes = 0;
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

package io.canopy.bt.control;

import io.canopy.bt.ControlNode;
import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;

/**
 * Re-ticks every child from the first on each tick until one succeeds (BT.CPP {@code ReactiveFallback}).
 *
 * <ul>
 *   <li>A child RUNNING: every other child is halted (in index order), RUNNING.
 *   <li>A child SUCCESS: all children reset, SUCCESS.
 *   <li>A child FAILURE: next child. SKIPPED: that child is reset.
 *   <li>All done: reset, FAILURE, or SKIPPED when every child was skipped.
 * </ul>
 */
public final class ReactiveFallback extends ControlNode {
    public static final NodeType TYPE = NodeType.control("ReactiveFallback", ReactiveFallback::new);

    public ReactiveFallback(NodeInit init) {
        super(init);
    }

    @Override
    protected Status tick() {
        Node[] ch = children;
        int n = ch.length;
        boolean allSkipped = true;
        for (int i = 0; i < n; i++) {
            Node c = ch[i];
            Status s = tickChild(c);
            allSkipped &= s == Status.SKIPPED;
            if (s == Status.FAILURE) {
                continue;
            }
            if (s == Status.RUNNING) {
                haltAllExcept(i);
                return Status.RUNNING;
            }
            if (s == Status.SUCCESS) {
                resetChildren();
                return Status.SUCCESS;
            }
            if (s == Status.SKIPPED) {
                haltChild(i);
            } else {
                throw idleReturned(c);
            }
        }
        resetChildren();
        return allSkipped ? Status.SKIPPED : Status.FAILURE;
    }
}

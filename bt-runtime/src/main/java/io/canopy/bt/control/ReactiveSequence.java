package io.canopy.bt.control;

import io.canopy.bt.ControlNode;
import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;

/**
 * Re-ticks every child from the first on each tick (BT.CPP {@code ReactiveSequence}).
 *
 * <ul>
 *   <li>A child RUNNING: every other child is halted (in index order), RUNNING.
 *   <li>A child FAILURE: all children reset, FAILURE.
 *   <li>A child SUCCESS: next child. SKIPPED: that child is reset (so its pre-condition is checked again).
 *   <li>All done: reset, SUCCESS, or SKIPPED when every child was skipped.
 * </ul>
 * Rejected at load time with more than one AsyncSequence child.
 */
public final class ReactiveSequence extends ControlNode {
    public static final NodeType TYPE = NodeType.control("ReactiveSequence", ReactiveSequence::new);

    public ReactiveSequence(NodeInit init) {
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
            if (s == Status.SUCCESS) {
                continue;
            }
            if (s == Status.RUNNING) {
                haltAllExcept(i);
                return Status.RUNNING;
            }
            if (s == Status.FAILURE) {
                resetChildren();
                return Status.FAILURE;
            }
            if (s == Status.SKIPPED) {
                haltChild(i);
            } else {
                throw idleReturned(c);
            }
        }
        resetChildren();
        return allSkipped ? Status.SKIPPED : Status.SUCCESS;
    }
}

package io.canopy.bt.probability;

import io.canopy.bt.ControlNode;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;

/**
 * {@code $select_p}: a select (fallback) that tests {@code p} before each child and passes over the children
 * whose test fails.
 *
 * <ul>
 *   <li>For each child in order: draw; a failed draw skips the child. A ticked child SUCCESS: SUCCESS;
 *       FAILURE (or SKIPPED): the next child in the same tick; RUNNING: RUNNING, resumed on the next tick
 *       without a new draw.
 *   <li>No child executed, or every executed child failed: FAILURE.
 * </ul>
 */
public final class SelectP extends ControlNode {
    public static final NodeType TYPE = NodeType.control("SelectP", SelectP::new,
            Percent.port("chance of each child being executed"))
            .describe("select that executes each child only with probability p");

    private final Percent p;
    private int current;

    public SelectP(NodeInit init) {
        super(init);
        p = new Percent(init);
    }

    @Override
    protected Status tick() {
        while (current < children.length) {
            var child = children[current];
            if (child.status() != Status.RUNNING && !p.draw(context.random())) {
                current++;
                continue;
            }
            Status s = child.executeTick();
            if (s == Status.RUNNING) {
                return s;
            }
            if (s == Status.SUCCESS) {
                current = 0;
                resetChildren();
                return s;
            }
            if (s == Status.IDLE) {
                throw idleReturned(child);
            }
            current++;
        }
        current = 0;
        resetChildren();
        return Status.FAILURE;
    }

    @Override
    protected void halt() {
        current = 0;
        super.halt();
    }
}

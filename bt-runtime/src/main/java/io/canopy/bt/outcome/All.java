package io.canopy.bt.outcome;

import io.canopy.bt.ControlNode;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;

/**
 * xbt's {@code all}: runs every child in order, whatever each returns, and always succeeds.
 *
 * <ul>
 *   <li>A child RUNNING: RUNNING; the next tick resumes that child (earlier children are not re-run).
 *   <li>A child SUCCESS, FAILURE or SKIPPED: go on with the next child in the same tick.
 *   <li>After the last child: SUCCESS, children reset. A halt halts the running child.
 * </ul>
 */
public final class All extends ControlNode {
    public static final NodeType TYPE = NodeType.control("All", All::new)
            .describe("run every child in order regardless of their results; always SUCCESS");

    private int current;

    public All(NodeInit init) {
        super(init);
    }

    @Override
    protected Status tick() {
        while (current < children.length) {
            Status s = children[current].executeTick();
            if (s == Status.RUNNING) {
                return Status.RUNNING;
            }
            if (s == Status.IDLE) {
                throw idleReturned(children[current]);
            }
            current++;
        }
        current = 0;
        resetChildren();
        return Status.SUCCESS;
    }

    @Override
    protected void halt() {
        current = 0;
        super.halt();
    }
}

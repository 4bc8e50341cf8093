package io.canopy.bt.outcome;

import io.canopy.bt.ControlNode;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;
import io.canopy.bt.learning.TreeRewards;
import io.canopy.bt.learning.XbtLeaf;

/**
 * xbt's {@code all}: runs every child in order, whatever each returns, and always succeeds.
 *
 * <ul>
 *   <li>A child RUNNING: RUNNING; the next tick resumes that child (earlier children are not re-run).
 *   <li>A child SUCCESS, FAILURE or SKIPPED: go on with the next child in the same tick.
 *   <li>After the last child: SUCCESS, children reset. A halt halts the running child.
 *   <li>xbt's improvement: while the tree's {@code _improve} flag is on, each tick first ticks again the
 *       earlier children that succeeded with {@code continue} (xbt leaves, {@link XbtLeaf#canImprove()}),
 *       so their new reward replaces the old; one of them going RUNNING makes the node RUNNING.
 * </ul>
 */
public final class All extends ControlNode {
    public static final NodeType TYPE = NodeType.control("All", All::new)
            .describe("run every child in order regardless of their results; always SUCCESS");

    private int current;
    private final TreeRewards rewards;
    /** Some child is an xbt leaf that might improve: -1 until the first tick (children come after construction). */
    private int improvable = -1;

    public All(NodeInit init) {
        super(init);
        rewards = TreeRewards.of(init.context());
    }

    @Override
    protected Status tick() {
        if (improvable < 0) {
            improvable = 0;
            for (var c : children) {
                improvable |= c instanceof XbtLeaf ? 1 : 0;
            }
        }
        if (improvable == 1 && current > 0 && rewards.improve()) {
            for (int i = 0; i < current; i++) {
                if (children[i] instanceof XbtLeaf x && (x.canImprove() || x.isRunning())
                        && x.executeTick() == Status.RUNNING) {
                    return Status.RUNNING;
                }
            }
        }
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

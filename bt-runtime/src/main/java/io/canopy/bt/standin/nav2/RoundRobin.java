package io.canopy.bt.standin.nav2;

import io.canopy.bt.ControlNode;
import io.canopy.bt.NodeInit;
import io.canopy.bt.Status;

/**
 * Nav2's {@code RoundRobin} (as in Humble to Jazzy): ticks one child, starting where the last run stopped. A
 * SUCCESS returns SUCCESS and the next run starts at the following child (wrapping), so recoveries escalate;
 * a FAILURE moves on to the next child, and the node fails only when every child failed in a row.
 */
public final class RoundRobin extends ControlNode {
    private int current;
    private int failed;

    public RoundRobin(NodeInit init) {
        super(init);
    }

    @Override
    protected Status tick() {
        int n = children.length;
        while (failed < n) {
            Status s = children[current].executeTick();
            switch (s) {
                case SUCCESS -> {
                    if (++current >= n) {
                        current = 0;
                    }
                    failed = 0;
                    resetChildren();
                    return Status.SUCCESS;
                }
                case FAILURE, SKIPPED -> {
                    if (++current >= n) {
                        current = 0;
                    }
                    failed++;
                }
                case RUNNING -> {
                    return Status.RUNNING;
                }
                default -> throw idleReturned(children[current]);
            }
        }
        resetChildren();
        current = 0;
        failed = 0;
        return Status.FAILURE;
    }

    @Override
    protected void halt() {
        current = 0;
        failed = 0;
        super.halt();
    }
}

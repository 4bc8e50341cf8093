package io.canopy.bt.standin.nav2;

import io.canopy.bt.ControlNode;
import io.canopy.bt.NodeInit;
import io.canopy.bt.Status;

/**
 * Nav2's {@code PipelineSequence}: ticks its children from the first on every tick. A RUNNING child at or
 * after the furthest one reached so far stops the tick (RUNNING); a RUNNING earlier child does not, so earlier
 * stages keep running while later ones start. A FAILURE halts all, FAILURE; the last child's SUCCESS halts
 * all, SUCCESS.
 */
public final class PipelineSequence extends ControlNode {
    private int lastTicked;

    public PipelineSequence(NodeInit init) {
        super(init);
    }

    @Override
    protected Status tick() {
        for (int i = 0; i < children.length; i++) {
            Status s = children[i].executeTick();
            switch (s) {
                case FAILURE -> {
                    resetChildren();
                    lastTicked = 0;
                    return Status.FAILURE;
                }
                case RUNNING -> {
                    if (i >= lastTicked) {
                        lastTicked = i;
                        return Status.RUNNING;
                    }
                }
                case SUCCESS, SKIPPED -> {
                    // on to the next child
                }
                default -> throw idleReturned(children[i]);
            }
        }
        resetChildren();
        lastTicked = 0;
        return Status.SUCCESS;
    }

    @Override
    protected void halt() {
        lastTicked = 0;
        super.halt();
    }
}

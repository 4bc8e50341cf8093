package io.canopy.bt.standin.nav2;

import io.canopy.bt.ControlNode;
import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;
import io.canopy.bt.Status;

/**
 * Nav2's {@code RecoveryNode} (two children): ticks the first; on its FAILURE ticks the second (the recovery)
 * and, when that succeeds, the first again, at most {@code number_of_retries} times (default 1). SUCCESS when
 * the first child succeeds; FAILURE when the recovery fails or the retries are used up. A SKIPPED first
 * child skips the node; a SKIPPED recovery is a FAILURE that does not count as a retry.
 */
public final class RecoveryNode extends ControlNode {
    private final Input retries;
    private int current;
    private int retryCount;

    public RecoveryNode(NodeInit init) {
        super(init);
        retries = init.has("number_of_retries") ? init.input("number_of_retries") : null;
    }

    @Override
    protected Status tick() {
        if (children.length != 2) {
            throw new IllegalStateException("RecoveryNode '" + name() + "' must have exactly 2 children, not "
                    + children.length);
        }
        long max = retries == null ? 1 : retries.getLong();
        while (current < 2 && retryCount <= max) {
            Status s = children[current].executeTick();
            if (current == 0) {
                switch (s) {
                    case SKIPPED -> {
                        reset();
                        return Status.SKIPPED;
                    }
                    case SUCCESS -> {
                        reset();
                        return Status.SUCCESS;
                    }
                    case RUNNING -> {
                        return Status.RUNNING;
                    }
                    case FAILURE -> {
                        if (retryCount < max) {
                            haltChild(0);
                            current = 1;
                        } else {
                            reset();
                            return Status.FAILURE;
                        }
                    }
                    default -> throw idleReturned(children[0]);
                }
            } else {
                switch (s) {
                    case SKIPPED -> {
                        current = 0;
                        haltChild(1);
                        return Status.FAILURE;
                    }
                    case RUNNING -> {
                        return Status.RUNNING;
                    }
                    case SUCCESS -> {
                        haltChild(1);
                        retryCount++;
                        current = 0;
                    }
                    case FAILURE -> {
                        reset();
                        return Status.FAILURE;
                    }
                    default -> throw idleReturned(children[1]);
                }
            }
        }
        reset();
        return Status.FAILURE;
    }

    private void reset() {
        resetChildren();
        retryCount = 0;
        current = 0;
    }

    @Override
    protected void halt() {
        retryCount = 0;
        current = 0;
        super.halt();
    }
}

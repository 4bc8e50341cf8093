package io.canopy.bt.repetition;

import io.canopy.bt.DecoratorNode;
import io.canopy.bt.NodeInit;
import io.canopy.bt.Status;

/**
 * What UntilSuccess and UntilFailure share: rerun the child until it returns {@code target}, then SUCCESS.
 * After a completion that is not the target, the child is reset and rerun in the same tick if it had been
 * RUNNING; if it completed within the tick it was started in, the node returns RUNNING with a wake-up
 * (BT.CPP's RetryUntilSuccessful rule), so a synchronous child never makes one tick loop forever.
 */
abstract class Rerun extends DecoratorNode {
    private final Status target;

    Rerun(NodeInit init, Status target) {
        super(init);
        this.target = target;
    }

    @Override
    protected final Status tick() {
        while (true) {
            Status before = child.status();
            Status s = child.executeTick();
            if (s == Status.RUNNING || s == Status.SKIPPED) {
                return s;
            }
            if (s == Status.IDLE) {
                throw idleReturned(child);
            }
            resetChild();
            if (s == target) {
                return Status.SUCCESS;
            }
            if (before == Status.IDLE) {
                context.emitWakeUp();
                return Status.RUNNING;
            }
        }
    }
}

package io.canopy.bt.decorator;

import io.canopy.bt.DecoratorNode;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;

/** Child SUCCESS: reset, RUNNING (tick it again next time). FAILURE: reset, FAILURE. RUNNING/SKIPPED pass. */
public final class KeepRunningUntilFailure extends DecoratorNode {
    public static final NodeType TYPE = NodeType.decorator("KeepRunningUntilFailure", KeepRunningUntilFailure::new);

    public KeepRunningUntilFailure(NodeInit init) {
        super(init);
    }

    @Override
    protected Status tick() {
        Status s = child.executeTick();
        if (s == Status.SUCCESS) {
            resetChild();
            return Status.RUNNING;
        }
        if (s == Status.FAILURE) {
            resetChild();
            return Status.FAILURE;
        }
        if (s == Status.IDLE) {
            throw idleReturned(child);
        }
        return s;
    }
}

package io.canopy.bt.decorator;

import io.canopy.bt.DecoratorNode;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;

/** A completed child (SUCCESS or FAILURE) gives FAILURE, child reset; RUNNING and SKIPPED pass through. */
public final class ForceFailure extends DecoratorNode {
    public static final NodeType TYPE = NodeType.decorator("ForceFailure", ForceFailure::new);

    public ForceFailure(NodeInit init) {
        super(init);
    }

    @Override
    protected Status tick() {
        Status s = child.executeTick();
        if (s == Status.SUCCESS || s == Status.FAILURE) {
            resetChild();
            return Status.FAILURE;
        }
        if (s == Status.IDLE) {
            throw idleReturned(child);
        }
        return s;
    }
}

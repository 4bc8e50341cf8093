package io.canopy.bt.decorator;

import io.canopy.bt.DecoratorNode;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;

/** SUCCESS becomes FAILURE and FAILURE becomes SUCCESS (child reset); RUNNING and SKIPPED pass through. */
public final class Inverter extends DecoratorNode {
    public static final NodeType TYPE = NodeType.decorator("Inverter", Inverter::new);

    public Inverter(NodeInit init) {
        super(init);
    }

    @Override
    protected Status tick() {
        Status s = child.executeTick();
        if (s == Status.SUCCESS) {
            resetChild();
            return Status.FAILURE;
        }
        if (s == Status.FAILURE) {
            resetChild();
            return Status.SUCCESS;
        }
        if (s == Status.IDLE) {
            throw idleReturned(child);
        }
        return s;
    }
}

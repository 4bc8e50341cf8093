package io.canopy.bt.standin;

import io.canopy.bt.DecoratorNode;
import io.canopy.bt.NodeInit;
import io.canopy.bt.Status;

/** A declared decorator with no implementation: ticks its child and returns the child's status. */
public final class StandInDecorator extends DecoratorNode {
    public StandInDecorator(NodeInit init) {
        super(init);
    }

    @Override
    protected Status tick() {
        Status s = child.executeTick();
        if (s == Status.SUCCESS || s == Status.FAILURE) {
            resetChild();
        }
        return s;
    }
}

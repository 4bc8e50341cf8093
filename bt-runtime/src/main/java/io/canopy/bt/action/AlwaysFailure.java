package io.canopy.bt.action;

import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;

/** Returns FAILURE. */
public final class AlwaysFailure extends Node {
    public static final NodeType TYPE = NodeType.action("AlwaysFailure", AlwaysFailure::new);

    public AlwaysFailure(NodeInit init) {
        super(init);
    }

    @Override
    protected Status tick() {
        return Status.FAILURE;
    }
}

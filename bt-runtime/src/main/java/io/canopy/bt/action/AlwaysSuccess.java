package io.canopy.bt.action;

import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;

/** Returns SUCCESS. */
public final class AlwaysSuccess extends Node {
    public static final NodeType TYPE = NodeType.action("AlwaysSuccess", AlwaysSuccess::new);

    public AlwaysSuccess(NodeInit init) {
        super(init);
    }

    @Override
    protected Status tick() {
        return Status.SUCCESS;
    }
}

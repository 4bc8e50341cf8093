package io.canopy.bt.outcome;

import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;

/** {@code $succeed}: a leaf without children that always succeeds (SUCCESS), in one tick. */
public final class Succeed extends Node {
    public static final NodeType TYPE = NodeType.action("Succeed", Succeed::new).describe("always SUCCESS");

    public Succeed(NodeInit init) {
        super(init);
    }

    @Override
    protected Status tick() {
        return Status.SUCCESS;
    }
}

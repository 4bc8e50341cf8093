package io.canopy.bt.outcome;

import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;

/** {@code $fail}: a leaf without children that always fails (FAILURE), in one tick. */
public final class Fail extends Node {
    public static final NodeType TYPE = NodeType.action("Fail", Fail::new).describe("always FAILURE");

    public Fail(NodeInit init) {
        super(init);
    }

    @Override
    protected Status tick() {
        return Status.FAILURE;
    }
}

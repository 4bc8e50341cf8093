package io.canopy.bt.action;

import io.canopy.bt.Blackboard;
import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;

/** Empties the entry {@code key} (a missing key is fine) and returns SUCCESS. */
public final class UnsetBlackboard extends Node {
    public static final NodeType TYPE = NodeType.action("UnsetBlackboard", UnsetBlackboard::new,
            Port.input("key", PortType.STRING).required().describe("the key to remove"));

    private final Blackboard blackboard;
    private final String key;

    public UnsetBlackboard(NodeInit init) {
        super(init);
        blackboard = init.blackboard();
        key = init.text("key");
    }

    @Override
    protected Status tick() {
        blackboard.unset(key);
        return Status.SUCCESS;
    }
}

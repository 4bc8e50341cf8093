package io.canopy.bt.scope;

import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;
import io.canopy.bt.script.CompiledCode;

/** cark's {@code :update}: runs the script {@code code} (updating the blackboard), then SUCCESS. */
public final class Update extends Node {
    public static final NodeType TYPE = NodeType.action("Update", Update::new,
            Port.input("code", PortType.STRING).required().describe("script run for its effects"))
            .describe("run a script that updates the blackboard, then SUCCESS");

    private final CompiledCode code;

    public Update(NodeInit init) {
        super(init);
        code = init.script("code");
    }

    @Override
    protected Status tick() {
        code.run();
        return Status.SUCCESS;
    }
}

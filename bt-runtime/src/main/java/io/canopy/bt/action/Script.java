package io.canopy.bt.action;

import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;
import io.canopy.bt.script.CompiledCode;

/** Runs the script in {@code code} (compiled at load time) and returns SUCCESS; a script error throws. */
public final class Script extends Node {
    public static final NodeType TYPE = NodeType.action("Script", Script::new,
            Port.input("code", PortType.STRING).required().describe("statements separated by ';'"));

    private final CompiledCode code;

    public Script(NodeInit init) {
        super(init);
        code = init.script("code");
    }

    @Override
    protected Status tick() {
        code.run();
        return Status.SUCCESS;
    }
}

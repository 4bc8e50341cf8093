package io.canopy.bt.condition;

import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;
import io.canopy.bt.script.CompiledCode;

/**
 * Evaluates the script in {@code code}: true gives SUCCESS, false FAILURE. A number other than 0 or 1, or a
 * read of a missing entry, throws.
 */
public final class ScriptCondition extends Node {
    public static final NodeType TYPE = NodeType.condition("ScriptCondition", ScriptCondition::new,
            Port.input("code", PortType.STRING).required().describe("an expression that yields a boolean"));

    private final CompiledCode code;

    public ScriptCondition(NodeInit init) {
        super(init);
        code = init.script("code");
    }

    @Override
    protected Status tick() {
        return code.test() ? Status.SUCCESS : Status.FAILURE;
    }
}

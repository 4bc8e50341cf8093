package io.canopy.bt.guards;

import io.canopy.bt.CompiledCode;
import io.canopy.bt.Input;
import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;

/**
 * cark's {@code :predicate}: evaluates the script {@code if} against the blackboard. True: SUCCESS. False:
 * FAILURE, or with {@code wait} RUNNING (evaluated again on every tick until it holds).
 */
public final class Predicate extends Node {
    public static final NodeType TYPE = NodeType.condition("Predicate", Predicate::new,
            Port.input("if", PortType.STRING).required().describe("script: the condition"),
            Port.input("wait", PortType.BOOLEAN).withDefault("false")
                    .describe("stay RUNNING until the condition holds"))
            .describe("SUCCESS when the script is true; else FAILURE, or RUNNING with wait");

    private final CompiledCode condition;
    private final Input wait;

    public Predicate(NodeInit init) {
        super(init);
        condition = init.script("if");
        wait = init.input("wait");
    }

    @Override
    protected Status tick() {
        if (condition.test()) {
            return Status.SUCCESS;
        }
        return wait.getBoolean() ? Status.RUNNING : Status.FAILURE;
    }
}

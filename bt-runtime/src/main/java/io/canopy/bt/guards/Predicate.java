package io.canopy.bt.guards;

import io.canopy.bt.Input;
import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;
import io.canopy.bt.scope.Condition;
import io.canopy.bt.scope.Truthiness;

/**
 * cark's {@code :predicate}: evaluates {@code if} against the blackboard and judges the value by cark's
 * truthiness ({@link Truthiness}: no value, false, 0, "", an empty list and the strings "false"/"0" are
 * false; anything else, 2 or "abc" included, is true), never by BT.CPP's strict 0/1 rule. {@code if} is a
 * blackboard name ({@code if="door_open"}: an entry with no value is false) or a script ({@code if="n > 2"}).
 * Truthy: SUCCESS. Falsy: FAILURE, or with {@code wait} RUNNING (evaluated again on every tick until it holds).
 */
public final class Predicate extends Node {
    public static final NodeType TYPE = NodeType.condition("Predicate", Predicate::new,
            Port.input("if", PortType.STRING).required()
                    .describe("an entry name or a script; its value is judged by truthiness"),
            Port.input("wait", PortType.BOOLEAN).withDefault("false")
                    .describe("stay RUNNING until the condition holds"))
            .describe("SUCCESS when the value is truthy; else FAILURE, or RUNNING with wait");

    private final Condition condition;
    private final Input wait;

    public Predicate(NodeInit init) {
        super(init);
        condition = Condition.of(init, "if");
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

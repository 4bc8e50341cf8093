package com.example.hello;

import io.canopy.bt.Input;
import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Output;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;

/**
 * {@code <SayHello who="world" greeting="{text}"/>}: writes "Hello, world" to {@code greeting} and succeeds;
 * fails when {@code who} is empty. Ports are resolved once, when the tree is built; a tick reads fields.
 */
public final class SayHello extends Node {
    public static final NodeType TYPE = NodeType.action("SayHello", SayHello::new,
            Port.input("who", PortType.STRING),
            Port.output("greeting", PortType.STRING));

    private final Input who;
    private final Output greeting;

    SayHello(NodeInit init) {
        super(init);
        who = init.input("who");
        greeting = init.output("greeting");
    }

    @Override
    protected Status tick() {
        String whom = who.getString();
        if (whom == null || whom.isEmpty()) {
            return Status.FAILURE;
        }
        greeting.setString("Hello, " + whom);
        return Status.SUCCESS;
    }
}

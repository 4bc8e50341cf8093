package io.canopy.bt.action;

import io.canopy.bt.Blackboard;
import io.canopy.bt.Entry;
import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;

/**
 * SUCCESS when the entry {@code entry} was written since this node last looked (the first look counts any
 * write ever made), else FAILURE; FAILURE when there is no such entry.
 */
public final class WasEntryUpdated extends Node {
    public static final NodeType TYPE = NodeType.action("WasEntryUpdated", WasEntryUpdated::new,
            Port.input("entry", PortType.ANY).required().describe("the blackboard key to check"));

    private final Blackboard blackboard;
    private final String key;
    private Entry entry;
    private long seen;

    public WasEntryUpdated(NodeInit init) {
        super(init);
        blackboard = init.blackboard();
        String text = init.text("entry");
        key = text.length() >= 3 && text.startsWith("{") && text.endsWith("}")
                ? text.substring(1, text.length() - 1) : text;
    }

    @Override
    protected Status tick() {
        if (entry == null) {
            entry = blackboard.find(key);
            if (entry == null) {
                return Status.FAILURE;
            }
        }
        long current = entry.sequence();
        long previous = seen;
        seen = current;
        return previous != current ? Status.SUCCESS : Status.FAILURE;
    }
}

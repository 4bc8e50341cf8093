package io.canopy.bt.decorator;

import io.canopy.bt.Blackboard;
import io.canopy.bt.DecoratorNode;
import io.canopy.bt.Entry;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;

/**
 * {@code <SkipUnlessUpdated entry="key">} and {@code <WaitValueUpdate entry="key">}: tick the child only when
 * the entry was written since this node last looked (the first look counts any write ever made).
 *
 * <ul>
 *   <li>Not updated, or no such entry: SKIPPED (SkipUnlessUpdated) or RUNNING (WaitValueUpdate).
 *   <li>Updated: the child's status is returned; a RUNNING child is ticked again on the next ticks without
 *       checking the entry.
 * </ul>
 */
public final class EntryUpdated extends DecoratorNode {
    public static final NodeType SKIP_UNLESS_UPDATED = type("SkipUnlessUpdated", Status.SKIPPED);
    public static final NodeType WAIT_VALUE_UPDATE = type("WaitValueUpdate", Status.RUNNING);

    private final Status ifNotUpdated;
    private final Blackboard blackboard;
    private final String key;
    private Entry entry;
    private long seen;
    private boolean childRunning;

    private static NodeType type(String id, Status ifNotUpdated) {
        return NodeType.decorator(id, init -> new EntryUpdated(init, ifNotUpdated),
                Port.input("entry", PortType.ANY).required().describe("the blackboard key to watch"));
    }

    private EntryUpdated(NodeInit init, Status ifNotUpdated) {
        super(init);
        this.ifNotUpdated = ifNotUpdated;
        this.blackboard = init.blackboard();
        this.key = keyOf(init.text("entry"));
    }

    static String keyOf(String text) {
        return text.length() >= 3 && text.startsWith("{") && text.endsWith("}")
                ? text.substring(1, text.length() - 1) : text;
    }

    @Override
    protected Status tick() {
        if (childRunning) {
            Status s = child.executeTick();
            childRunning = s == Status.RUNNING;
            return s;
        }
        if (entry == null) {
            entry = blackboard.find(key);
        }
        if (entry == null) {
            return ifNotUpdated;
        }
        long current = entry.sequence();
        long previous = seen;
        seen = current;
        if (previous == current) {
            return ifNotUpdated;
        }
        Status s = child.executeTick();
        childRunning = s == Status.RUNNING;
        return s;
    }

    @Override
    protected void halt() {
        childRunning = false;
        super.halt();
    }
}

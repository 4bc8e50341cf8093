package io.canopy.bt.concurrency;

import io.canopy.bt.ControlNode;
import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;

/**
 * cark's {@code :on-cancel}: two children, the cancel node and the payload. The payload runs transparently
 * (its status is the node's). When the node is halted while the payload is RUNNING (cancelled), the payload
 * is halted and then the cancel node is ticked once, to release what the payload held; it must succeed or
 * fail in that tick (RUNNING is an error, after it is halted). Completing normally runs nothing extra.
 */
public final class OnCancel extends ControlNode {
    public static final NodeType TYPE = NodeType.control("OnCancel", OnCancel::new)
            .withChildren(2, 2)
            .describe("run the payload (child 2); when it is halted while RUNNING, tick the cancel child 1");

    private long cancellations;

    public OnCancel(NodeInit init) {
        super(init);
    }

    @Override
    protected Status tick() {
        Node payload = children[1];
        Status s = payload.executeTick();
        if (s == Status.IDLE) {
            throw idleReturned(payload);
        }
        if (s != Status.RUNNING) {
            haltChild(1);
        }
        return s;
    }

    @Override
    protected void halt() {
        boolean cancelled = children[1].status() == Status.RUNNING;
        super.halt();
        if (!cancelled) {
            return;
        }
        cancellations++;
        Node cancel = children[0];
        Status c = cancel.executeTick();
        haltChild(0);
        if (c == Status.RUNNING) {
            throw new IllegalStateException("the cancel node '" + cancel.name() + "' of OnCancel '" + name()
                    + "' returned RUNNING; it must succeed or fail in one tick");
        }
    }

    /** How many times the payload was cancelled (and the cancel node run). */
    public long cancellations() {
        return cancellations;
    }
}

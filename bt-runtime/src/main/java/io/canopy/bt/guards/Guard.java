package io.canopy.bt.guards;

import io.canopy.bt.ControlNode;
import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;

/**
 * cark's {@code :guard}: two children, a predicate and a payload. Every tick the predicate is run afresh
 * (reset first if it had completed); it must succeed or fail in that one tick.
 *
 * <ul>
 *   <li>Predicate SUCCESS: the payload is ticked and its status is the guard's.
 *   <li>Predicate FAILURE (or SKIPPED): a RUNNING payload is halted; FAILURE.
 *   <li>Predicate RUNNING: an error (the predicate is halted, the tick fails).
 * </ul>
 */
public final class Guard extends ControlNode {
    public static final NodeType TYPE = NodeType.control("Guard", Guard::new)
            .withChildren(2, 2)
            .describe("re-check the predicate (child 1) every tick; run the payload (child 2) while it holds");

    private boolean prechecked;

    public Guard(NodeInit init) {
        super(init);
    }

    /** Runs the predicate now; on SUCCESS the next tick of this guard uses that result instead of a re-run. */
    Status precheck() {
        Status p = runPredicate();
        prechecked = p == Status.SUCCESS;
        return p;
    }

    private Status runPredicate() {
        Node predicate = children[0];
        if (predicate.status() != Status.IDLE) {
            haltChild(0);
        }
        Status p = predicate.executeTick();
        if (p == Status.RUNNING) {
            haltChild(0);
            throw new IllegalStateException("the predicate '" + predicate.name() + "' of guard '" + name()
                    + "' returned RUNNING; a guard's predicate must succeed or fail in one tick");
        }
        if (p == Status.IDLE) {
            throw idleReturned(predicate);
        }
        haltChild(0);
        return p;
    }

    @Override
    protected Status tick() {
        Status p;
        if (prechecked) {
            prechecked = false;
            p = Status.SUCCESS;
        } else {
            p = runPredicate();
        }
        if (p != Status.SUCCESS) {
            haltChild(1);
            return Status.FAILURE;
        }
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
        prechecked = false;
        super.halt();
    }
}

package io.canopy.bt.event;

import io.canopy.bt.DecoratorNode;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;

/**
 * cark's {@code :on-event}: waits for (or checks for) an event like {@link ConsumeEvent}, binds its number to
 * {@code value} and its attachment to {@code payload}, then runs its child with them.
 *
 * <ul>
 *   <li>Not yet triggered: a matching event is consumed and the child is ticked in the same tick; no event:
 *       FAILURE, or RUNNING with {@code wait}.
 *   <li>Triggered: the child is ticked (no further event is consumed) and its status is returned; when it
 *       completes the node is ready for the next event. A halt halts the child.
 * </ul>
 */
public final class OnEvent extends DecoratorNode {
    public static final NodeType TYPE = NodeType.decorator("OnEvent", OnEvent::new,
            EventMatcher.EVENT, EventMatcher.PICK, EventMatcher.WAIT, EventMatcher.VALUE, EventMatcher.PAYLOAD)
            .describe("consume an event, bind its value/payload, then run the child with them");

    private final EventMatcher matcher;
    private boolean triggered;

    public OnEvent(NodeInit init) {
        super(init);
        matcher = new EventMatcher(init);
    }

    @Override
    protected Status tick() {
        if (!triggered) {
            int i = matcher.find();
            if (i < 0) {
                return matcher.waits() ? Status.RUNNING : Status.FAILURE;
            }
            matcher.consume(i);
            triggered = true;
        }
        Status s = child.executeTick();
        if (s == Status.RUNNING) {
            return s;
        }
        triggered = false;
        resetChild();
        if (s == Status.IDLE) {
            throw idleReturned(child);
        }
        return s;
    }

    @Override
    protected void halt() {
        triggered = false;
        super.halt();
    }
}

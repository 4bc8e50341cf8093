package io.canopy.bt.event;

import io.canopy.bt.DecoratorNode;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;
import io.canopy.bt.scope.DynamicExtent;

/**
 * cark's {@code :on-event}: waits for (or checks for) an event like {@link ConsumeEvent}, binds its number to
 * {@code value} and its attachment to {@code payload} (cark's {@code :bind-arg}), then runs its child with
 * them.
 *
 * <ul>
 *   <li>Not yet triggered: a matching event is consumed and the child is ticked in the same tick; no event:
 *       FAILURE, or RUNNING with {@code wait} (nothing is bound while it waits).
 *   <li>Triggered: the child is ticked (no further event is consumed) and its status is returned; when it
 *       completes the node is ready for the next event.
 *   <li>Dynamic extent (cark's transient vars): {@code value} and {@code payload} are bound only while the
 *       child runs. When the event is consumed their previous values (or absence) are saved; when the child
 *       completes, or the node is halted (after halting the child), they are restored, and an entry that held
 *       nothing is emptied again. An event without attachment binds {@code payload} to nothing.
 * </ul>
 */
public final class OnEvent extends DecoratorNode {
    public static final NodeType TYPE = NodeType.decorator("OnEvent", OnEvent::new,
            EventMatcher.EVENT, EventMatcher.PICK, EventMatcher.WAIT, EventMatcher.VALUE, EventMatcher.PAYLOAD)
            .describe("consume an event, bind its value/payload for the child's run only, then run the child");

    private final EventMatcher matcher;
    private final DynamicExtent extent;
    private boolean triggered;

    public OnEvent(NodeInit init) {
        super(init);
        matcher = new EventMatcher(init);
        extent = matcher.extent();
    }

    @Override
    protected Status tick() {
        if (!triggered) {
            int i = matcher.find();
            if (i < 0) {
                return matcher.waits() ? Status.RUNNING : Status.FAILURE;
            }
            extent.enter();
            matcher.consume(i, true);
            triggered = true;
        }
        Status s = child.executeTick();
        if (s == Status.RUNNING) {
            return s;
        }
        triggered = false;
        resetChild();
        extent.exit();
        if (s == Status.IDLE) {
            throw idleReturned(child);
        }
        return s;
    }

    @Override
    protected void halt() {
        triggered = false;
        super.halt();
        extent.exit();
    }
}

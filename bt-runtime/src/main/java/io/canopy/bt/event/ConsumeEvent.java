package io.canopy.bt.event;

import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;

/**
 * cark's {@code :consume-event}: consumes an event delivered to the tree for this tick.
 *
 * <ul>
 *   <li>A matching event (name {@code event}, and {@code pick} true if given) is there: it is consumed (no
 *       other node sees it), its number goes to {@code value} and its attachment to {@code payload}; SUCCESS.
 *   <li>None: FAILURE, or RUNNING when {@code wait} is true (it looks again on every tick).
 * </ul>
 */
public final class ConsumeEvent extends Node {
    public static final NodeType TYPE = NodeType.action("ConsumeEvent", ConsumeEvent::new,
            EventMatcher.EVENT, EventMatcher.PICK, EventMatcher.WAIT, EventMatcher.VALUE, EventMatcher.PAYLOAD)
            .describe("consume an inbound event of this tick: SUCCESS, else FAILURE (or RUNNING with wait)");

    private final EventMatcher matcher;

    public ConsumeEvent(NodeInit init) {
        super(init);
        matcher = new EventMatcher(init);
    }

    @Override
    protected Status tick() {
        int i = matcher.find();
        if (i >= 0) {
            matcher.consume(i);
            return Status.SUCCESS;
        }
        return matcher.waits() ? Status.RUNNING : Status.FAILURE;
    }
}

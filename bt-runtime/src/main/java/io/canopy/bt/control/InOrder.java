package io.canopy.bt.control;

import io.canopy.bt.ControlNode;
import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.Status;

/**
 * The one loop of {@link Sequence} and {@link Fallback}, which mirror each other: tick the children in order and
 * remember the RUNNING one. A child that returns {@code next} (SUCCESS in a sequence, FAILURE in a fallback) is
 * reset and the next one ticked; one that returns the other resets the node and ends it with that status; SKIPPED
 * goes on. All done: {@code next}, or SKIPPED when every child was skipped. {@code async} also yields (RUNNING
 * plus a wake-up) after each child that returned {@code next} synchronously.
 */
abstract class InOrder extends ControlNode {
    /** SUCCESS for a sequence, FAILURE for a fallback: the status that goes on to the next child. */
    private final Status next;
    /** The other one: the status that ends the node early. */
    private final Status stop;
    private final boolean async;
    private int current;
    private int skipped;

    InOrder(NodeInit init, boolean async, Status next) {
        super(init);
        this.async = async;
        this.next = next;
        this.stop = next == Status.SUCCESS ? Status.FAILURE : Status.SUCCESS;
    }

    @Override
    protected final Status tick() {
        Node[] ch = children;
        int n = ch.length;
        Status goOn = next;
        Status end = stop;
        if (isIdle()) {
            skipped = 0;
        }
        if (!async && leafChildren()) {
            // The loop below without the async yield, for a synchronous node of leaves only. Written out on
            // purpose: it makes this method longer than C2 inlines into a caller (FreqInlineSize, 325 bytes of
            // bytecode), so C2 never inlines a sequence's or fallback's tick() into ControlNode.tickChild. Else,
            // when tickChild was compiled on its own first, its code held whole subtrees, was too big to inline
            // in turn ("already compiled into a big method") and every leaf tick became a call: the slow JVMs of
            // fallback-deep (docs/performance.md, Trees). Now tickChild's code holds only leaf ticks and is
            // inlined into this loop in every JVM; a control child is one call. TickMethodSizeTest guards it.
            while (current < n) {
                Node c = ch[current];
                Status s = tickChild(c);
                if (s == goOn) {
                    resetCompleted(c);
                    current++;
                } else if (s == Status.RUNNING) {
                    return Status.RUNNING;
                } else if (s == end) {
                    resetCompleted(c);
                    current = 0;
                    return end;
                } else if (s == Status.SKIPPED) {
                    current++;
                    skipped++;
                } else {
                    throw idleReturned(c);
                }
            }
        }
        while (current < n) {
            Node c = ch[current];
            Status prev = async ? c.status() : null;
            Status s = tickChild(c);
            if (s == goOn) {
                resetCompleted(c);
                current++;
                if (async && prev == Status.IDLE && current < n) {
                    context.emitWakeUp();
                    return Status.RUNNING;
                }
            } else if (s == Status.RUNNING) {
                return Status.RUNNING;
            } else if (s == end) {
                resetCompleted(c);
                current = 0;
                return end;
            } else if (s == Status.SKIPPED) {
                current++;
                skipped++;
            } else {
                throw idleReturned(c);
            }
        }
        boolean allSkipped = skipped == n;
        current = 0;
        skipped = 0;
        return allSkipped ? Status.SKIPPED : goOn;
    }

    @Override
    protected final void halt() {
        current = 0;
        skipped = 0;
        super.halt();
    }
}

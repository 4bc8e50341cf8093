package io.canopy.bt.control;

import io.canopy.bt.ControlNode;
import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;

/**
 * Ticks its children in order and remembers the RUNNING one (BT.CPP {@code Sequence}).
 *
 * <ul>
 *   <li>A child RUNNING: RUNNING; the next tick resumes at that child, earlier children are not re-ticked.
 *   <li>A child FAILURE: all children are reset (RUNNING ones halted), FAILURE.
 *   <li>A child SUCCESS or SKIPPED: go on to the next. All done: reset, SUCCESS, or SKIPPED when every
 *       child was skipped.
 * </ul>
 * {@link AsyncSequence} also yields (RUNNING plus a wake-up) after each child that succeeded synchronously.
 */
public class Sequence extends ControlNode {
    public static final NodeType TYPE = NodeType.control("Sequence", Sequence::new);

    private final boolean async;
    private int current;
    private int skipped;

    public Sequence(NodeInit init) {
        this(init, false);
    }

    protected Sequence(NodeInit init, boolean async) {
        super(init);
        this.async = async;
    }

    @Override
    protected final Status tick() {
        Node[] ch = children;
        int n = ch.length;
        if (isIdle()) {
            skipped = 0;
        }
        if (!async && leafChildren()) {
            // The loop below without the async yield, for a synchronous sequence of leaves only. Written out on
            // purpose: it makes this method longer than C2 inlines into a caller (FreqInlineSize, 325 bytes of
            // bytecode), so C2 never inlines a sequence's or fallback's tick() into ControlNode.tickChild. Else,
            // when tickChild was compiled on its own first, its code held whole subtrees, was too big to inline
            // in turn ("already compiled into a big method") and every leaf tick became a call: the slow JVMs of
            // fallback-deep (docs/performance.md, Trees). Now tickChild's code holds only leaf ticks and is
            // inlined into this loop in every JVM; a control child is one call. Sequence and Fallback keep one
            // copy each (one shared loop measured slower); MirrorLoopTest keeps the two alike.
            while (current < n) {
                Node c = ch[current];
                Status s = tickChild(c);
                if (s == Status.SUCCESS) {
                    resetCompleted(c);
                    current++;
                } else if (s == Status.RUNNING) {
                    return Status.RUNNING;
                } else if (s == Status.FAILURE) {
                    resetCompleted(c);
                    current = 0;
                    return Status.FAILURE;
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
            if (s == Status.SUCCESS) {
                resetCompleted(c);
                current++;
                if (async && prev == Status.IDLE && current < n) {
                    context.emitWakeUp();
                    return Status.RUNNING;
                }
            } else if (s == Status.RUNNING) {
                return Status.RUNNING;
            } else if (s == Status.FAILURE) {
                resetCompleted(c);
                current = 0;
                return Status.FAILURE;
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
        return allSkipped ? Status.SKIPPED : Status.SUCCESS;
    }

    @Override
    protected final void halt() {
        current = 0;
        skipped = 0;
        super.halt();
    }
}

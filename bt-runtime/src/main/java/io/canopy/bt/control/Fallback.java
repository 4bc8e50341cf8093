package io.canopy.bt.control;

import io.canopy.bt.ControlNode;
import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;

/**
 * Tries its children in order until one succeeds, remembering the RUNNING one (BT.CPP {@code Fallback}).
 *
 * <ul>
 *   <li>A child RUNNING: RUNNING; the next tick resumes at that child.
 *   <li>A child SUCCESS: all children are reset, SUCCESS.
 *   <li>A child FAILURE or SKIPPED: go on. All done: reset, FAILURE, or SKIPPED when every child was skipped.
 * </ul>
 * {@link AsyncFallback} also yields after each child that failed synchronously.
 */
public class Fallback extends ControlNode {
    public static final NodeType TYPE = NodeType.control("Fallback", Fallback::new);

    private final boolean async;
    private int current;
    private int skipped;

    public Fallback(NodeInit init) {
        this(init, false);
    }

    protected Fallback(NodeInit init, boolean async) {
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
            // The loop below without the async yield, for a synchronous fallback of leaves only. Written out on
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
                if (s == Status.FAILURE) {
                    resetCompleted(c);
                    current++;
                } else if (s == Status.RUNNING) {
                    return Status.RUNNING;
                } else if (s == Status.SUCCESS) {
                    resetCompleted(c);
                    current = 0;
                    return Status.SUCCESS;
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
            if (s == Status.FAILURE) {
                resetCompleted(c);
                current++;
                if (async && prev == Status.IDLE && current < n) {
                    context.emitWakeUp();
                    return Status.RUNNING;
                }
            } else if (s == Status.RUNNING) {
                return Status.RUNNING;
            } else if (s == Status.SUCCESS) {
                resetCompleted(c);
                current = 0;
                return Status.SUCCESS;
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
        return allSkipped ? Status.SKIPPED : Status.FAILURE;
    }

    @Override
    protected final void halt() {
        current = 0;
        skipped = 0;
        super.halt();
    }
}

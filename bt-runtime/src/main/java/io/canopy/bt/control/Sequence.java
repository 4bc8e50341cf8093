package io.canopy.bt.control;

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
 * The loop is {@link InOrder}'s, shared with {@link Fallback}.
 */
public class Sequence extends InOrder {
    public static final NodeType TYPE = NodeType.control("Sequence", Sequence::new);

    public Sequence(NodeInit init) {
        this(init, false);
    }

    protected Sequence(NodeInit init, boolean async) {
        super(init, async, Status.SUCCESS);
    }
}

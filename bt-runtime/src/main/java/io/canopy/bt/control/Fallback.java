package io.canopy.bt.control;

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
 * {@link AsyncFallback} also yields after each child that failed synchronously. The loop is {@link InOrder}'s,
 * shared with {@link Sequence}.
 */
public class Fallback extends InOrder {
    public static final NodeType TYPE = NodeType.control("Fallback", Fallback::new);

    public Fallback(NodeInit init) {
        this(init, false);
    }

    protected Fallback(NodeInit init, boolean async) {
        super(init, async, Status.FAILURE);
    }
}

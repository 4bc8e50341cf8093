package io.canopy.bt.functions;

import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;

/**
 * luabt's {@code selector*}: a selector (fallback) that remembers its running child until it completes.
 *
 * <ul>
 *   <li>Starts at the remembered child (the first one on a fresh run) and ticks children in order: FAILURE
 *       (or SKIPPED) goes on to the next in the same tick; RUNNING: RUNNING, and the next tick resumes that
 *       child without re-ticking the earlier ones.
 *   <li>A child SUCCESS: the children are reset, the position goes back to the first child, SUCCESS. All
 *       failed: reset, FAILURE.
 *   <li>Halt: the running child is halted, but the position is kept; when it is ticked again it resumes at
 *       that child. Memory ends only with a completion (see {@link MemoryComposite}).
 * </ul>
 */
public final class SelectorStar extends MemoryComposite {
    public static final NodeType TYPE = NodeType.control("SelectorStar", SelectorStar::new)
            .describe("luabt selector*: resume the running child, even after a halt; restart after a completion");

    public SelectorStar(NodeInit init) {
        super(init, Status.FAILURE);
    }
}

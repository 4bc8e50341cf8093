package io.canopy.bt.outcome;

import io.canopy.bt.DecoratorNode;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;

/**
 * {@code $always}: executes its child, ignores whether it succeeds or fails, and always succeeds.
 *
 * <ul>
 *   <li>Child RUNNING: RUNNING. SUCCESS or FAILURE: SUCCESS. SKIPPED: SKIPPED (the child did not execute).
 * </ul>
 */
public final class Always extends DecoratorNode {
    public static final NodeType TYPE = NodeType.decorator("Always", Always::new)
            .describe("execute the child, ignores the child's result; SUCCESS");

    public Always(NodeInit init) {
        super(init);
    }

    @Override
    protected Status tick() {
        Status s = child.executeTick();
        switch (s) {
            case RUNNING:
            case SKIPPED:
                return s;
            case SUCCESS:
            case FAILURE:
                resetChild();
                return Status.SUCCESS;
            default:
                throw idleReturned(child);
        }
    }
}

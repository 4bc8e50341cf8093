package io.canopy.bt.outcome;

import io.canopy.bt.DecoratorNode;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;

/**
 * {@code $never}: executes its child, ignores whether it succeeds or fails, and always fails.
 *
 * <ul>
 *   <li>Child RUNNING: RUNNING. SUCCESS or FAILURE: FAILURE. SKIPPED: SKIPPED (the child did not execute).
 * </ul>
 */
public final class Never extends DecoratorNode {
    public static final NodeType TYPE = NodeType.decorator("Never", Never::new)
            .describe("execute the child, ignores the child's result; FAILURE");

    public Never(NodeInit init) {
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
                return Status.FAILURE;
            default:
                throw idleReturned(child);
        }
    }
}

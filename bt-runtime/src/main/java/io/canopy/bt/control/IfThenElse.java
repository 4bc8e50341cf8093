package io.canopy.bt.control;

import io.canopy.bt.ControlNode;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;

/**
 * {@code <IfThenElse>} with 2 or 3 children: condition, then, optional else (BT.CPP; not reactive).
 *
 * <ul>
 *   <li>The condition is ticked only while no branch is latched: SUCCESS latches "then", FAILURE latches
 *       "else" (or returns FAILURE with two children), RUNNING is returned as is, SKIPPED throws.
 *   <li>The latched branch is ticked until it completes; then all children reset and its status returned.
 *   <li>Another number of children throws when ticked. Halt unlatches.
 * </ul>
 */
public final class IfThenElse extends ControlNode {
    public static final NodeType TYPE = NodeType.control("IfThenElse", IfThenElse::new);

    private int branch;

    public IfThenElse(NodeInit init) {
        super(init);
    }

    @Override
    protected Status tick() {
        int n = children.length;
        if (n != 2 && n != 3) {
            throw new IllegalStateException("IfThenElse must have 2 or 3 children, not " + n);
        }
        if (branch == 0) {
            Status condition = children[0].executeTick();
            if (condition == Status.RUNNING) {
                return Status.RUNNING;
            } else if (condition == Status.SUCCESS) {
                branch = 1;
            } else if (condition == Status.FAILURE) {
                if (n == 3) {
                    branch = 2;
                } else {
                    return Status.FAILURE;
                }
            }
        }
        if (branch > 0) {
            Status s = children[branch].executeTick();
            if (s == Status.RUNNING) {
                return Status.RUNNING;
            }
            resetChildren();
            branch = 0;
            return s;
        }
        throw new IllegalStateException("the condition of IfThenElse '" + name() + "' returned SKIPPED");
    }

    @Override
    protected void halt() {
        branch = 0;
        super.halt();
    }
}

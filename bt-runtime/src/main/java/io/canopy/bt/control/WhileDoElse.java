package io.canopy.bt.control;

import io.canopy.bt.ControlNode;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;

/**
 * {@code <WhileDoElse>} with 2 or 3 children: condition, do, optional else. The reactive IfThenElse.
 *
 * <ul>
 *   <li>The condition is ticked on every tick; RUNNING is returned as is.
 *   <li>SUCCESS: the else branch is halted first, then "do" is ticked. FAILURE: "do" is halted first, then
 *       "else" is ticked (with two children: FAILURE).
 *   <li>The branch RUNNING: RUNNING. Otherwise all children reset and the branch's status returned.
 *   <li>Another number of children, or a SKIPPED condition, throws when ticked.
 * </ul>
 */
public final class WhileDoElse extends ControlNode {
    public static final NodeType TYPE = NodeType.control("WhileDoElse", WhileDoElse::new);

    public WhileDoElse(NodeInit init) {
        super(init);
    }

    @Override
    protected Status tick() {
        int n = children.length;
        if (n != 2 && n != 3) {
            throw new IllegalStateException("WhileDoElse must have 2 or 3 children, not " + n);
        }
        Status condition = children[0].executeTick();
        if (condition == Status.RUNNING) {
            return Status.RUNNING;
        }
        Status s;
        if (condition == Status.SUCCESS) {
            if (n == 3) {
                haltChild(2);
            }
            s = children[1].executeTick();
        } else if (condition == Status.FAILURE) {
            if (n == 3) {
                haltChild(1);
                s = children[2].executeTick();
            } else {
                s = Status.FAILURE;
            }
        } else {
            throw new IllegalStateException("the condition of WhileDoElse '" + name() + "' returned " + condition);
        }
        if (s == Status.RUNNING) {
            return Status.RUNNING;
        }
        resetChildren();
        return s;
    }
}

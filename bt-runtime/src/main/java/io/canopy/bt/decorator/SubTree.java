package io.canopy.bt.decorator;

import io.canopy.bt.DecoratorNode;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeKind;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;

/**
 * {@code <SubTree ID="...">}: the root of another {@code <BehaviorTree>}, with its own blackboard (ports
 * remapped to the parent's, or {@code _autoremap}). Its status is the subtree root's; on completion the
 * subtree is reset. RUNNING and SKIPPED pass through; a halt halts the running subtree.
 */
public final class SubTree extends DecoratorNode {
    public static final NodeType TYPE = NodeType.of("SubTree", NodeKind.SUBTREE, SubTree::new);

    public SubTree(NodeInit init) {
        super(init);
    }

    @Override
    protected Status tick() {
        Status s = child.executeTick();
        if (s == Status.SUCCESS || s == Status.FAILURE) {
            resetChild();
        } else if (s == Status.IDLE) {
            throw idleReturned(child);
        }
        return s;
    }
}

package io.canopy.bt.probability;

import io.canopy.bt.ControlNode;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;

/**
 * {@code $random_choice}: executes one child chosen uniformly at random when the node starts, and returns its
 * status (RUNNING: the same child is resumed next tick).
 */
public final class RandomChoice extends ControlNode {
    public static final NodeType TYPE = NodeType.control("RandomChoice", RandomChoice::new)
            .withChildren(2, -1)
            .describe("execute one child chosen at random; its status");

    private int chosen = -1;

    public RandomChoice(NodeInit init) {
        super(init);
    }

    @Override
    protected Status tick() {
        if (chosen < 0) {
            chosen = context.random().nextInt(children.length);
        }
        Status s = children[chosen].executeTick();
        if (s == Status.IDLE) {
            throw idleReturned(children[chosen]);
        }
        if (s != Status.RUNNING) {
            haltChild(chosen);
            chosen = -1;
        }
        return s;
    }

    @Override
    protected void halt() {
        chosen = -1;
        super.halt();
    }
}

package io.canopy.bt.probability;

import io.canopy.bt.ControlNode;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;

/**
 * {@code $either}: two children; with probability {@code p} executes the first, otherwise the second, and
 * returns the status of the one it executes. The draw happens when the node starts; while the chosen child
 * is RUNNING it is resumed without a new draw.
 */
public final class Either extends ControlNode {
    public static final NodeType TYPE = NodeType.control("Either", Either::new,
            Percent.port("chance of the first child being executed"))
            .withChildren(2, 2)
            .describe("execute the first child with probability p, else the second");

    private final Percent p;
    private int chosen = -1;

    public Either(NodeInit init) {
        super(init);
        p = new Percent(init);
    }

    @Override
    protected Status tick() {
        if (chosen < 0) {
            chosen = p.draw(context.random()) ? 0 : 1;
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

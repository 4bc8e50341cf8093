package io.canopy.bt.probability;

import io.canopy.bt.DecoratorNode;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;

/**
 * {@code $maybe}: decides with probability {@code p} whether to execute its child.
 *
 * <ul>
 *   <li>Starting (not RUNNING): draw. Failed draw: FAILURE without ticking the child.
 *   <li>Passed draw, or resumed while RUNNING: the child's status (no new draw while it runs).
 * </ul>
 */
public final class Maybe extends DecoratorNode {
    public static final NodeType TYPE = NodeType.decorator("Maybe", Maybe::new,
            Percent.port("chance of the child being executed"))
            .describe("execute the child with probability p, else FAILURE");

    private final Percent p;

    public Maybe(NodeInit init) {
        super(init);
        p = new Percent(init);
    }

    @Override
    protected Status tick() {
        if (child.status() != Status.RUNNING && !p.draw(context.random())) {
            return Status.FAILURE;
        }
        Status s = child.executeTick();
        if (s == Status.IDLE) {
            throw idleReturned(child);
        }
        if (s != Status.RUNNING) {
            resetChild();
        }
        return s;
    }
}

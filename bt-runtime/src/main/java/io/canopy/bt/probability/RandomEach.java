package io.canopy.bt.probability;

import io.canopy.bt.ControlNode;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;

/**
 * {@code $random_each}: a shuffle bag. Each run executes one child, chosen at random among those not yet
 * executed in the current round, and returns its status; when every child has been executed a new round
 * starts with a fresh random order. So no child repeats before all have run.
 *
 * <ul>
 *   <li>The child is taken from the bag when the node starts; while it is RUNNING it is resumed.
 *   <li>A halted run still used up its child (it was executed).
 * </ul>
 */
public final class RandomEach extends ControlNode {
    public static final NodeType TYPE = NodeType.control("RandomEach", RandomEach::new)
            .withChildren(2, -1)
            .describe("shuffle bag: execute one child not yet run in this round; its status");

    private int[] bag;
    private int next;
    private int chosen = -1;

    public RandomEach(NodeInit init) {
        super(init);
    }

    @Override
    protected Status tick() {
        if (chosen < 0) {
            int n = children.length;
            if (bag == null) {
                bag = new int[n];
                next = n;
            }
            if (next == n) {
                for (int i = 0; i < n; i++) {
                    bag[i] = i;
                }
                for (int i = n - 1; i > 0; i--) {
                    int j = context.random().nextInt(i + 1);
                    int t = bag[i];
                    bag[i] = bag[j];
                    bag[j] = t;
                }
                next = 0;
            }
            chosen = bag[next++];
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

package io.canopy.bt.chance;

import io.canopy.bt.DecoratorNode;
import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;

/**
 * {@code $loop}: executes its child {@code count} times; fails as soon as the child fails, succeeds when every
 * execution succeeded.
 *
 * <ul>
 *   <li>Child SUCCESS: count it; done: SUCCESS. Otherwise the next execution follows in the same tick if the
 *       child had been RUNNING, else the node returns RUNNING and emits a wake-up (BT.CPP's Repeat rule, so a
 *       synchronous child never makes one tick loop).
 *   <li>Child FAILURE: FAILURE. RUNNING: RUNNING. SKIPPED: SKIPPED. A halt or a completion resets the count.
 * </ul>
 */
public final class LoopCount extends DecoratorNode {
    public static final NodeType TYPE = NodeType.decorator("LoopCount", LoopCount::new,
            Port.input("count", PortType.INT).required().describe("number of times to execute the child (>= 1)"))
            .describe("execute the child count times; fail if it fails");

    private final Input count;
    private long done;

    public LoopCount(NodeInit init) {
        super(init);
        count = Iterations.positive(init, "count");
    }

    @Override
    protected Status tick() {
        long n = count.getLong();
        while (true) {
            Status before = child.status();
            Status s = child.executeTick();
            switch (s) {
                case RUNNING:
                    return s;
                case FAILURE:
                    done = 0;
                    resetChild();
                    return s;
                case SKIPPED:
                    resetChild();
                    return s;
                case SUCCESS:
                    resetChild();
                    if (++done >= n) {
                        done = 0;
                        return s;
                    }
                    if (before == Status.IDLE) {
                        context.emitWakeUp();
                        return Status.RUNNING;
                    }
                    break;
                default:
                    throw idleReturned(child);
            }
        }
    }

    @Override
    protected void halt() {
        done = 0;
        super.halt();
    }
}

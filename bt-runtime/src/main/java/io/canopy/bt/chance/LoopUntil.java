package io.canopy.bt.chance;

import io.canopy.bt.DecoratorNode;
import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;

/**
 * {@code $loop_until}: attempts its child up to {@code attempts} times; succeeds as soon as it succeeds, fails
 * when every attempt failed.
 *
 * <ul>
 *   <li>Child FAILURE: count it; out of attempts: FAILURE. Otherwise the next attempt follows in the same tick
 *       if the child had been RUNNING, else the node returns RUNNING and emits a wake-up (BT.CPP's
 *       RetryUntilSuccessful rule).
 *   <li>Child SUCCESS: SUCCESS. RUNNING: RUNNING. SKIPPED: SKIPPED. A halt or a completion resets the count.
 * </ul>
 */
public final class LoopUntil extends DecoratorNode {
    public static final NodeType TYPE = NodeType.decorator("LoopUntil", LoopUntil::new,
            Port.input("attempts", PortType.INT).required().describe("attempts at most (>= 1)"))
            .describe("attempt the child up to attempts times until it succeeds");

    private final Input count;
    private long done;

    public LoopUntil(NodeInit init) {
        super(init);
        count = Iterations.positive(init, "attempts");
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
                case SUCCESS:
                    done = 0;
                    resetChild();
                    return s;
                case SKIPPED:
                    resetChild();
                    return s;
                case FAILURE:
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

package io.canopy.bt.repetition;

import io.canopy.bt.DecoratorNode;
import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;
import io.canopy.bt.Status;

/**
 * The loop of {@link LoopCount} and {@link LoopUntil}: the child runs again while it returns {@code again}
 * (SUCCESS for LoopCount, FAILURE for LoopUntil), up to {@code limit} executions; the other completion ends
 * the loop at once with that status.
 *
 * <ul>
 *   <li>Child returns {@code again}: count it; limit reached: return it. Otherwise the next execution follows in
 *       the same tick if the child had been RUNNING, else the node returns RUNNING and emits a wake-up (BT.CPP's
 *       Repeat/RetryUntilSuccessful rule, so a synchronous child never makes one tick loop).
 *   <li>The other completion: returned as is. RUNNING: RUNNING. SKIPPED: SKIPPED. A halt or a completion resets
 *       the count.
 * </ul>
 */
abstract class CountedLoop extends DecoratorNode {
    private final Status again;
    private final Input limit;
    private long done;

    CountedLoop(NodeInit init, String limitPort, Status again) {
        super(init);
        this.again = again;
        this.limit = Iterations.positive(init, limitPort);
    }

    @Override
    protected final Status tick() {
        long n = limit.getLong();
        while (true) {
            Status before = child.status();
            Status s = child.executeTick();
            switch (s) {
                case RUNNING:
                    return s;
                case SKIPPED:
                    resetChild();
                    return s;
                case SUCCESS:
                case FAILURE:
                    resetChild();
                    if (s != again) {
                        done = 0;
                        return s;
                    }
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
    protected final void halt() {
        done = 0;
        super.halt();
    }
}

package io.canopy.bt.decorator;

import io.canopy.bt.DecoratorNode;
import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;

/**
 * Retries a failing child up to {@code num_attempts} times ({@code -1} forever).
 *
 * <ul>
 *   <li>Child SUCCESS: count reset, child reset, SUCCESS.
 *   <li>Child FAILURE: count the attempt, re-read {@code num_attempts}, reset the child, retry in the same
 *       tick; but when the child was IDLE and attempts remain, RUNNING plus a wake-up.
 *   <li>RUNNING: RUNNING. SKIPPED: child reset, SKIPPED. Attempts exhausted: count reset, FAILURE.
 *   <li>A halt resets the count.
 * </ul>
 */
public final class RetryUntilSuccessful extends DecoratorNode {
    public static final NodeType TYPE = NodeType.decorator("RetryUntilSuccessful", RetryUntilSuccessful::new,
            Port.input("num_attempts", PortType.INT).required().describe("attempts; -1 = forever"));

    private final Input numAttempts;
    private int tries;

    public RetryUntilSuccessful(NodeInit init) {
        super(init);
        numAttempts = init.input("num_attempts");
    }

    @Override
    protected Status tick() {
        int attempts = numAttempts.getInt();
        boolean loop = tries < attempts || attempts == -1;
        while (loop) {
            Status prev = child.status();
            Status s = child.executeTick();
            if (s == Status.SUCCESS) {
                tries = 0;
                resetChild();
                return Status.SUCCESS;
            } else if (s == Status.FAILURE) {
                tries++;
                attempts = numAttempts.getInt();
                loop = tries < attempts || attempts == -1;
                resetChild();
                if (prev == Status.IDLE && loop) {
                    context.emitWakeUp();
                    return Status.RUNNING;
                }
            } else if (s == Status.RUNNING) {
                return Status.RUNNING;
            } else if (s == Status.SKIPPED) {
                resetChild();
                return Status.SKIPPED;
            } else {
                throw idleReturned(child);
            }
        }
        tries = 0;
        return Status.FAILURE;
    }

    @Override
    protected void halt() {
        tries = 0;
        super.halt();
    }
}

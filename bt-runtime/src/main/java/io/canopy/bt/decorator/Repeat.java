package io.canopy.bt.decorator;

import io.canopy.bt.DecoratorNode;
import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;

/**
 * Runs the child {@code num_cycles} times while it succeeds ({@code -1} forever, {@code 0}: SUCCESS without a
 * tick).
 *
 * <ul>
 *   <li>Child SUCCESS: count, reset, next cycle in the same tick; but when the child was IDLE (it completed
 *       synchronously) and cycles remain, RUNNING plus a wake-up.
 *   <li>Child FAILURE: count reset, FAILURE. RUNNING: RUNNING. SKIPPED: child reset, SKIPPED (count kept).
 *   <li>All cycles done: count reset, SUCCESS. A halt resets the count.
 * </ul>
 */
public final class Repeat extends DecoratorNode {
    public static final NodeType TYPE = NodeType.decorator("Repeat", Repeat::new,
            Port.input("num_cycles", PortType.INT).required().describe("repetitions; -1 = forever"));

    private final Input numCycles;
    private int count;

    public Repeat(NodeInit init) {
        super(init);
        numCycles = init.input("num_cycles");
    }

    @Override
    protected Status tick() {
        int cycles = numCycles.getInt();
        boolean loop = count < cycles || cycles == -1;
        while (loop) {
            Status prev = child.status();
            Status s = child.executeTick();
            if (s == Status.SUCCESS) {
                count++;
                loop = count < cycles || cycles == -1;
                resetChild();
                if (prev == Status.IDLE && loop) {
                    context.emitWakeUp();
                    return Status.RUNNING;
                }
            } else if (s == Status.FAILURE) {
                count = 0;
                resetChild();
                return Status.FAILURE;
            } else if (s == Status.RUNNING) {
                return Status.RUNNING;
            } else if (s == Status.SKIPPED) {
                resetChild();
                return Status.SKIPPED;
            } else {
                throw idleReturned(child);
            }
        }
        count = 0;
        return Status.SUCCESS;
    }

    @Override
    protected void halt() {
        count = 0;
        super.halt();
    }
}

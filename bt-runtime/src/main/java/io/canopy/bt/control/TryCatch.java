package io.canopy.bt.control;

import io.canopy.bt.ControlNode;
import io.canopy.bt.Input;
import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;

/**
 * {@code <TryCatch>}: children 1..N-1 run as a Sequence (the try block); the last child is the catch block.
 * At least two children (checked at load time).
 *
 * <ul>
 *   <li>Try block SUCCESS: reset, SUCCESS (SKIPPED when every try child was skipped). RUNNING: RUNNING.
 *   <li>A try child FAILURE: the try block is reset and the catch child ticked in the same tick, then on
 *       later ticks until it completes; then reset and FAILURE whatever the catch returned.
 *   <li>Halt: with {@code catch_on_halt="true"} while the try block runs, the catch child is ticked once
 *       (and halted if it returns RUNNING) before halting.
 * </ul>
 */
public final class TryCatch extends ControlNode {
    public static final NodeType TYPE = NodeType.control("TryCatch", TryCatch::new,
            Port.input("catch_on_halt", PortType.BOOLEAN).withDefault("false")
                    .describe("run the catch child when the try block is halted"))
            .withChildren(2, -1);

    private final Input catchOnHalt;
    private int current;
    private int skipped;
    private boolean inCatch;

    public TryCatch(NodeInit init) {
        super(init);
        catchOnHalt = init.input("catch_on_halt");
    }

    @Override
    protected Status tick() {
        Node[] ch = children;
        int tryCount = ch.length - 1;
        if (isIdle()) {
            skipped = 0;
            inCatch = false;
        }
        while (true) {
            if (inCatch) {
                Status s = ch[tryCount].executeTick();
                if (s == Status.RUNNING) {
                    return Status.RUNNING;
                }
                resetChildren();
                current = 0;
                inCatch = false;
                return Status.FAILURE;
            }
            while (current < tryCount) {
                Node c = ch[current];
                Status s = c.executeTick();
                if (s == Status.RUNNING) {
                    return Status.RUNNING;
                } else if (s == Status.FAILURE) {
                    resetChildren();
                    current = 0;
                    inCatch = true;
                    break;
                } else if (s == Status.SUCCESS) {
                    current++;
                } else if (s == Status.SKIPPED) {
                    current++;
                    skipped++;
                } else {
                    throw idleReturned(c);
                }
            }
            if (!inCatch) {
                boolean allSkipped = skipped == tryCount;
                resetChildren();
                current = 0;
                skipped = 0;
                return allSkipped ? Status.SKIPPED : Status.SUCCESS;
            }
        }
    }

    @Override
    protected void halt() {
        if (!inCatch && isRunning() && catchOnHalt.getBoolean()) {
            int last = children.length - 1;
            for (int i = 0; i < last; i++) {
                haltChild(i);
            }
            if (children[last].executeTick() == Status.RUNNING) {
                haltChild(last);
            }
        }
        current = 0;
        skipped = 0;
        inCatch = false;
        super.halt();
    }
}

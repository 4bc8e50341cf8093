package io.canopy.bt.guards;

import io.canopy.bt.ControlNode;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;

/**
 * cark's {@code :guard-selector}: only {@link Guard} children. Every tick it checks their predicates in order
 * until one holds, and runs that guard's payload.
 *
 * <ul>
 *   <li>A guard other than the one running before is chosen: the running one is halted first (its payload
 *       is interrupted), then the new one runs.
 *   <li>The chosen guard's payload SUCCESS: SUCCESS; FAILURE: FAILURE; RUNNING: RUNNING.
 *   <li>No predicate holds: the running guard (if any) is halted; FAILURE.
 *   <li>A child that is not a Guard: an error on the first tick.
 * </ul>
 */
public final class GuardSelector extends ControlNode {
    public static final NodeType TYPE = NodeType.control("GuardSelector", GuardSelector::new)
            .describe("run the first Guard child whose predicate holds, interrupting any other");

    private boolean checked;
    private int running = -1;

    public GuardSelector(NodeInit init) {
        super(init);
    }

    @Override
    protected Status tick() {
        if (!checked) {
            for (int i = 0; i < children.length; i++) {
                if (!(children[i] instanceof Guard)) {
                    throw new IllegalStateException("child " + (i + 1) + " '" + children[i].name() + "' of "
                            + "GuardSelector '" + name() + "'" + (location().isEmpty() ? "" : " at " + location())
                            + " is a " + children[i].typeId() + "; only Guard children are allowed");
                }
            }
            checked = true;
        }
        for (int i = 0; i < children.length; i++) {
            Guard g = (Guard) children[i];
            if (g.precheck() != Status.SUCCESS) {
                continue;
            }
            if (running >= 0 && running != i) {
                haltChild(running);
            }
            Status s = g.executeTick();
            if (s == Status.RUNNING) {
                running = i;
                return s;
            }
            if (s == Status.IDLE) {
                throw idleReturned(g);
            }
            running = -1;
            resetChildren();
            return s;
        }
        running = -1;
        resetChildren();
        return Status.FAILURE;
    }

    @Override
    protected void halt() {
        running = -1;
        super.halt();
    }

    /** The index of the guard whose payload is running, or -1. */
    int runningGuard() {
        return running;
    }
}

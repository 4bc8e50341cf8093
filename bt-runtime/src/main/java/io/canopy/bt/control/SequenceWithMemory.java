package io.canopy.bt.control;

import io.canopy.bt.ControlNode;
import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;

/**
 * A sequence that keeps its place even after a FAILURE or a halt (BT.CPP {@code SequenceWithMemory}).
 *
 * <ul>
 *   <li>A child RUNNING: RUNNING.
 *   <li>A child FAILURE: the failed and later children are reset, FAILURE; the next tick retries that child.
 *   <li>A child SUCCESS: next child; when that child was IDLE and more remain, RUNNING plus a wake-up.
 *   <li>A child SKIPPED: next child. All done: reset, index 0, SUCCESS (SKIPPED if all were skipped).
 *   <li>Halt: halts the running child but keeps the index.
 * </ul>
 */
public final class SequenceWithMemory extends ControlNode {
    public static final NodeType TYPE = NodeType.control("SequenceWithMemory", SequenceWithMemory::new);

    private int current;
    private int skipped;

    public SequenceWithMemory(NodeInit init) {
        super(init);
    }

    @Override
    protected Status tick() {
        Node[] ch = children;
        int n = ch.length;
        if (isIdle()) {
            skipped = 0;
        }
        while (current < n) {
            Node c = ch[current];
            Status prev = c.status();
            Status s = c.executeTick();
            if (s == Status.SUCCESS) {
                current++;
                if (prev == Status.IDLE && current < n) {
                    context.emitWakeUp();
                    return Status.RUNNING;
                }
            } else if (s == Status.RUNNING) {
                return Status.RUNNING;
            } else if (s == Status.FAILURE) {
                for (int i = current; i < n; i++) {
                    haltChild(i);
                }
                return Status.FAILURE;
            } else if (s == Status.SKIPPED) {
                current++;
                skipped++;
            } else {
                throw idleReturned(c);
            }
        }
        boolean allSkipped = skipped == n;
        resetChildren();
        current = 0;
        skipped = 0;
        return allSkipped ? Status.SKIPPED : Status.SUCCESS;
    }
}

package io.canopy.bt.functions;

import io.canopy.bt.ControlNode;
import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.Status;

/**
 * What luabt's {@code sequence*} and {@code selector*} share: tick the children in order from the remembered
 * one; a child that returns {@code next} passes the tick on to the following child (in the same tick); a
 * child that returns the other completion ends the run with that status; RUNNING is remembered.
 *
 * <p>Memory lasts until the composite completes (luabt: "remember the state of their children for the next
 * tick when a child returns running"; the states are reset only when the node is "about to return" its
 * result). A halt (a ReactiveFallback or ReactiveSequence above re-deciding, a Guard failing, a Timeout) is
 * not a completion: the running child is halted so it releases what it holds, but the position is kept,
 * and the next tick resumes at that child (started afresh; a lambda leaf keeps its own closure state, and a
 * memory composite below keeps its own position). Only a completion starts the next run at the first child;
 * this holds for every halt, {@code Tree.haltTree} included (build a new tree to start afresh).
 */
abstract class MemoryComposite extends ControlNode {
    private final Status next;
    private int current;

    MemoryComposite(NodeInit init, Status next) {
        super(init);
        this.next = next;
    }

    @Override
    protected final Status tick() {
        Node[] ch = children;
        while (current < ch.length) {
            Node c = ch[current];
            Status s = c.executeTick();
            if (s == Status.RUNNING) {
                return s;
            }
            if (s == Status.IDLE) {
                throw idleReturned(c);
            }
            if (s == next || s == Status.SKIPPED) {
                current++;
                continue;
            }
            return complete(s);
        }
        return complete(next);
    }

    private Status complete(Status s) {
        current = 0;
        resetChildren();
        return s;
    }

    /** The index of the child the next tick starts with (0 after a completion). */
    public final int position() {
        return current;
    }
}

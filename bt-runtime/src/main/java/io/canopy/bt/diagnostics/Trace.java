package io.canopy.bt.diagnostics;

import io.canopy.bt.DecoratorNode;
import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * cark's {@code :trace}: ticks its child transparently and, after each tick, logs a hierarchical picture of
 * its subtree (one line per node, indented by depth: name, type and status) to the logger {@code
 * io.canopy.bt.trace} at DEBUG. The first line gives the child's result; below it each node shows its status
 * after the tick, so a node that completed and was already reset by its parent shows IDLE, and the RUNNING
 * path stands out. Nothing is built or allocated while that level is off, so a Trace can stay
 * in a production tree and be switched on from the logging configuration.
 */
public final class Trace extends DecoratorNode {
    static final Logger LOG = LoggerFactory.getLogger("io.canopy.bt.trace");

    public static final NodeType TYPE = NodeType.decorator("Trace", Trace::new)
            .describe("log a hierarchical trace of the subtree after each tick (logger io.canopy.bt.trace, DEBUG)");

    private long ticks;

    public Trace(NodeInit init) {
        super(init);
    }

    @Override
    protected Status tick() {
        Status s = child.executeTick();
        ticks++;
        if (LOG.isDebugEnabled()) {
            StringBuilder sb = new StringBuilder(256);
            sb.append("trace '").append(name()).append("' tick ").append(ticks).append(": ").append(s);
            describe(child, 1, s, sb);
            LOG.debug(sb.toString());
        }
        if (s == Status.IDLE) {
            throw idleReturned(child);
        }
        if (s != Status.RUNNING) {
            resetChild();
        }
        return s;
    }

    private static void describe(Node n, int depth, Status shown, StringBuilder sb) {
        sb.append('\n');
        for (int i = 0; i < depth; i++) {
            sb.append("  ");
        }
        sb.append(n).append(": ").append(shown);
        for (int i = 0; i < n.childCount(); i++) {
            Node c = n.child(i);
            describe(c, depth + 1, c.status(), sb);
        }
    }
}

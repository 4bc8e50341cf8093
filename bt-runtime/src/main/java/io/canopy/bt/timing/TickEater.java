package io.canopy.bt.timing;

import io.canopy.bt.Input;
import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;

/**
 * cark's {@code :tick-eater}: RUNNING for {@code count} ticks, then SUCCESS on the next ({@code count} 0:
 * SUCCESS at once). A halt starts the count again.
 */
public final class TickEater extends Node {
    public static final NodeType TYPE = NodeType.action("TickEater", TickEater::new,
            Port.input("count", PortType.INT).required().describe("ticks to stay RUNNING before SUCCESS"))
            .describe("RUNNING for count ticks, then SUCCESS");

    private final Input count;
    private long eaten;

    public TickEater(NodeInit init) {
        super(init);
        count = init.input("count");
        String text = init.text("count");
        if (!text.startsWith("{") && count.getLong() < 0) {
            throw init.error("port 'count': " + text + " is negative; give the number of ticks (0 or more)");
        }
    }

    @Override
    protected Status tick() {
        if (status() != Status.RUNNING) {
            eaten = 0;
        }
        if (eaten >= count.getLong()) {
            return Status.SUCCESS;
        }
        eaten++;
        return Status.RUNNING;
    }
}

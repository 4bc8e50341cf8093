package io.canopy.bt.repetition;

import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;

/**
 * {@code $loop}: executes its child {@code count} times; fails as soon as the child fails, succeeds when every
 * execution succeeded. Child SUCCESS is counted (see {@link CountedLoop} for when the next execution runs);
 * FAILURE: FAILURE; RUNNING: RUNNING; SKIPPED: SKIPPED. A halt or a completion resets the count.
 */
public final class LoopCount extends CountedLoop {
    public static final NodeType TYPE = NodeType.decorator("LoopCount", LoopCount::new,
            Port.input("count", PortType.INT).required().describe("number of times to execute the child (>= 1)"))
            .describe("execute the child count times; fail if it fails");

    public LoopCount(NodeInit init) {
        super(init, "count", Status.SUCCESS);
    }
}

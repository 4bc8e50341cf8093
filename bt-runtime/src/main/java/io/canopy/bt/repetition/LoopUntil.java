package io.canopy.bt.repetition;

import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;

/**
 * {@code $loop_until}: attempts its child up to {@code attempts} times; succeeds as soon as it succeeds, fails
 * when every attempt failed. Child FAILURE is counted (see {@link CountedLoop} for when the next attempt
 * runs); SUCCESS: SUCCESS; RUNNING: RUNNING; SKIPPED: SKIPPED. A halt or a completion resets the count.
 */
public final class LoopUntil extends CountedLoop {
    public static final NodeType TYPE = NodeType.decorator("LoopUntil", LoopUntil::new,
            Port.input("attempts", PortType.INT).required().describe("attempts at most (>= 1)"))
            .describe("attempt the child up to attempts times until it succeeds");

    public LoopUntil(NodeInit init) {
        super(init, "attempts", Status.FAILURE);
    }
}

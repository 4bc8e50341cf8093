package io.canopy.bt.control;

import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;

/**
 * A {@link Sequence} that returns RUNNING and emits a wake-up after each child that was IDLE and succeeded
 * synchronously, while more children remain, so a long sequence of quick steps is interruptible.
 */
public final class AsyncSequence extends Sequence {
    public static final NodeType TYPE = NodeType.control("AsyncSequence", AsyncSequence::new);

    public AsyncSequence(NodeInit init) {
        super(init, true);
    }
}

package io.canopy.bt.control;

import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;

/**
 * A {@link Fallback} that returns RUNNING and emits a wake-up after each child that was IDLE and failed
 * synchronously, while more children remain.
 */
public final class AsyncFallback extends Fallback {
    public static final NodeType TYPE = NodeType.control("AsyncFallback", AsyncFallback::new);

    public AsyncFallback(NodeInit init) {
        super(init, true);
    }
}

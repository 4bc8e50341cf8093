package io.canopy.bt.standin;

import io.canopy.bt.Status;
import java.util.Map;

/**
 * What a stand-in action does: RUNNING for {@code runningTicks} ticks, then writes {@code outputs} (port name
 * to value: a String, Long, Double or Boolean) to the ports the tree connected, and returns {@code result}.
 */
public record StandIn(Status result, int runningTicks, Map<String, Object> outputs) {
    /** SUCCESS at once, writing nothing: what an unscripted declared action does. */
    public static final StandIn SUCCESS = new StandIn(Status.SUCCESS, 0, Map.of());

    public StandIn {
        if (result != Status.SUCCESS && result != Status.FAILURE) {
            throw new IllegalArgumentException("a stand-in ends with SUCCESS or FAILURE, not " + result);
        }
        if (runningTicks < 0) {
            throw new IllegalArgumentException("running ticks must be >= 0, not " + runningTicks);
        }
        outputs = Map.copyOf(outputs);
    }
}

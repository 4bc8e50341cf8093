package io.canopy.tick;

/**
 * Work bound to a named fixed-rate timer: a tree, a state machine, a bridge. Called on the tick thread once
 * per tick of that timer. Must not block and should not allocate.
 */
@FunctionalInterface
public interface TickListener {
    /** @param nowNs the clock at the start of this tick (the deadline plus lateness) */
    void onTick(long nowNs);
}

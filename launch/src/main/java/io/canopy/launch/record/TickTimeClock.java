package io.canopy.launch.record;

import io.canopy.tick.NanoClock;

/**
 * The node's clock while it is recorded or replayed: inside a timer's cycle, the tick thread reads the tick's
 * time (the instant the tick started, which the recording holds), everywhere else the base clock. So whatever a
 * tree, a machine or an observer reads during a tick is a recorded value, and a replay on the manual clock reads
 * the same. Allocation-free; a thread other than the one in the cycle always reads the base clock.
 */
final class TickTimeClock implements NanoClock {
    private final NanoClock base;
    /** The thread inside a cycle, or null between cycles (written and read by that thread). */
    private Thread inCycle;
    private long tickNs;

    TickTimeClock(NanoClock base) {
        this.base = base;
    }

    /** Tick thread: a cycle starts at {@code nowNs}. */
    void enter(long nowNs) {
        tickNs = nowNs;
        inCycle = Thread.currentThread();
    }

    /** Tick thread: the cycle ended. */
    void exit() {
        inCycle = null;
    }

    @Override
    public long nanoTime() {
        return inCycle == Thread.currentThread() ? tickNs : base.nanoTime();
    }
}

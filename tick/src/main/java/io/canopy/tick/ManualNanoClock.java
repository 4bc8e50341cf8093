package io.canopy.tick;

/**
 * A clock that only moves when told: for tests and the virtual clock of tree-test and scxml-test. Not
 * thread-safe: the tick thread (the test thread) owns it.
 */
public final class ManualNanoClock implements NanoClock {
    private long nowNs;

    public ManualNanoClock() {
        this(0L);
    }

    public ManualNanoClock(long startNs) {
        this.nowNs = startNs;
    }

    @Override
    public long nanoTime() {
        return nowNs;
    }

    /** Moves time forward by {@code deltaNs} (not negative). */
    public void advanceNs(long deltaNs) {
        if (deltaNs < 0) {
            throw new IllegalArgumentException("a clock only moves forward: deltaNs=" + deltaNs);
        }
        nowNs += deltaNs;
    }

    /** Moves time to {@code timeNs}, which must not be before now. */
    public void setNs(long timeNs) {
        if (timeNs - nowNs < 0) {
            throw new IllegalArgumentException("a clock only moves forward: now " + nowNs + " ns, asked " + timeNs + " ns");
        }
        nowNs = timeNs;
    }
}

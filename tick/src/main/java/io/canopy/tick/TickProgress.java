package io.canopy.tick;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * What the tick thread is doing, published for the {@link Watchdog} without locks: a sequence number that
 * is odd while a tick (or a one-shot poll) runs, with the start time and timer index written before it
 * (a seqlock). The tick thread writes; the watchdog only reads.
 */
final class TickProgress {
    private static final VarHandle SEQ;

    static {
        try {
            SEQ = MethodHandles.lookup().findVarHandle(TickProgress.class, "seq", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") // accessed through SEQ
    private long seq;
    private long startedNs;
    private int timerIndex;

    /** Tick thread: a tick of timer {@code timerIndex} (-1: one-shot timers) starts at {@code nowNs}. */
    void begin(long nowNs, int timerIndex) {
        this.startedNs = nowNs;
        this.timerIndex = timerIndex;
        SEQ.setRelease(this, (long) SEQ.getOpaque(this) + 1);
    }

    /** Tick thread: that tick ended. */
    void end() {
        SEQ.setRelease(this, (long) SEQ.getOpaque(this) + 1);
    }

    /**
     * Watchdog: if a tick is in progress, writes {sequence, startedNs, timerIndex} into {@code out} and
     * returns true; false when idle or when the tick changed while reading.
     */
    boolean read(long[] out) {
        long s1 = (long) SEQ.getAcquire(this);
        if ((s1 & 1) == 0) {
            return false;
        }
        long started = startedNs;
        int index = timerIndex;
        VarHandle.loadLoadFence();
        long s2 = (long) SEQ.getAcquire(this);
        if (s1 != s2) {
            return false;
        }
        out[0] = s1;
        out[1] = started;
        out[2] = index;
        return true;
    }

    /** The current sequence number (odd while a tick runs). */
    long sequence() {
        return (long) SEQ.getAcquire(this);
    }
}

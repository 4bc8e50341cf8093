package io.canopy.tick;

import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * The statistics of one named timer. The tick thread is the single writer: {@link #recordTick} is
 * wait-free and allocates nothing (HdrHistogram {@link SingleWriterRecorder}s swapped by a writer-reader
 * phaser, counters published with ordered stores). Readers on any thread call {@link #snapshot}, which
 * moves the interval histograms into cumulative ones under a lock that only readers take.
 */
final class TimerStatsRecorder {
    /** Values are recorded in nanoseconds, 3 significant digits, clamped to this. */
    static final long HIGHEST_NS = 10_000_000_000L;

    private final String name;
    private final TickRate rate;

    private final SingleWriterRecorder lateness = new SingleWriterRecorder(1, HIGHEST_NS, 3);
    private final SingleWriterRecorder duration = new SingleWriterRecorder(1, HIGHEST_NS, 3);

    // written by the tick thread only (plain), published through the atomics below
    private long ticks;
    private long missed;
    private long overruns;
    private long errors;
    private final AtomicLong ticksOut = new AtomicLong();
    private final AtomicLong missedOut = new AtomicLong();
    private final AtomicLong overrunsOut = new AtomicLong();
    private final AtomicLong errorsOut = new AtomicLong();

    // reader side, guarded by this; created on the first read (200 KB each), since many tickers (tests,
    // tree-test, scxml-test) are never read
    private Histogram latenessInterval;
    private Histogram durationInterval;
    private Histogram latenessTotal;
    private Histogram durationTotal;
    private long ticksBase;
    private long missedBase;
    private long overrunsBase;
    private long errorsBase;

    TimerStatsRecorder(String name, TickRate rate) {
        this.name = name;
        this.rate = rate;
    }

    /** Tick thread: one tick ran {@code latenessNs} after its deadline for {@code durationNs}. */
    void recordTick(long latenessNs, long durationNs, long missedDeadlines) {
        lateness.recordValue(clamp(latenessNs));
        duration.recordValue(clamp(durationNs));
        ticksOut.lazySet(++ticks);
        if (missedDeadlines > 0) {
            missed += missedDeadlines;
            missedOut.lazySet(missed);
            overrunsOut.lazySet(++overruns);
        }
    }

    /** Tick thread: a listener of this timer threw. */
    void recordError() {
        errorsOut.lazySet(++errors);
    }

    long ticksSoFar() {
        return ticksOut.get();
    }

    long missedSoFar() {
        return missedOut.get();
    }

    /** Any thread: the statistics since the start (or the last {@link #reset}). */
    synchronized TimerStats snapshot() {
        drain();
        return new TimerStats(name, rate, ticksOut.get() - ticksBase, missedOut.get() - missedBase,
                overrunsOut.get() - overrunsBase, errorsOut.get() - errorsBase, latenessTotal.copy(),
                durationTotal.copy());
    }

    /** Any thread: forget what was recorded so far (for example a warm-up). */
    synchronized void reset() {
        drain();
        latenessTotal.reset();
        durationTotal.reset();
        ticksBase = ticksOut.get();
        missedBase = missedOut.get();
        overrunsBase = overrunsOut.get();
        errorsBase = errorsOut.get();
    }

    private void drain() {
        if (latenessTotal == null) {
            latenessInterval = new Histogram(1, HIGHEST_NS, 3);
            durationInterval = new Histogram(1, HIGHEST_NS, 3);
            latenessTotal = new Histogram(1, HIGHEST_NS, 3);
            durationTotal = new Histogram(1, HIGHEST_NS, 3);
        }
        lateness.getIntervalHistogramInto(latenessInterval);
        latenessTotal.add(latenessInterval);
        duration.getIntervalHistogramInto(durationInterval);
        durationTotal.add(durationInterval);
    }

    private static long clamp(long ns) {
        return ns < 0 ? 0 : Math.min(ns, HIGHEST_NS);
    }
}

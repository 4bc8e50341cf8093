package io.canopy.tick.stats;

import io.canopy.tick.TickRate;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.IntCountsHistogram;
import org.HdrHistogram.PackedHistogram;
import org.HdrHistogram.WriterReaderPhaser;

/**
 * The statistics of one named timer. The tick thread is the single writer: {@link #recordTick} is
 * wait-free and allocates nothing (two interval histograms behind a writer-reader phaser, counters
 * published with ordered stores). Readers on any thread call {@link #snapshot}, which swaps the interval
 * histograms for empty ones and adds them to the totals, under a lock that only readers take.
 *
 * <p>Memory, for a node that runs for weeks with several timers: every histogram has the same layout (1 ns
 * to {@link #HIGHEST_NS}, 3 significant digits: 25,600 buckets), so the figures are exactly those of a plain
 * {@code Histogram(1, HIGHEST_NS, 3)}. The two interval histograms the tick thread writes count in
 * {@code int}s (100 KB each instead of 200 KB); the reader's spare interval (one, shared by lateness and
 * duration) and the two totals are made on the first read, and the totals are {@link PackedHistogram}s
 * (long counts, so they do not overflow, in memory proportional to the buckets in use: a few KB). An
 * interval holds at most {@link #INTERVAL_LIMIT} ticks (24 days at 1 kHz); if nobody reads the statistics
 * for longer, later ticks are counted but left out of the histograms until the next read.
 */
public final class TimerStatsRecorder {
    /** Values are recorded in nanoseconds, 3 significant digits, clamped to this. */
    static final long HIGHEST_NS = 10_000_000_000L;
    /** Ticks an interval histogram holds before it would overflow its int counts. */
    static final long INTERVAL_LIMIT = Integer.MAX_VALUE;

    private final String name;
    private final TickRate rate;
    private final long intervalLimit;

    private final WriterReaderPhaser phaser = new WriterReaderPhaser();
    // the tick thread records into these; the reader swaps them (under the phaser's reader lock)
    private volatile IntCountsHistogram lateness = newInterval();
    private volatile IntCountsHistogram duration = newInterval();

    // written by the tick thread only (plain), published through the atomics below
    private long ticks;
    private long missed;
    private long overruns;
    private long errors;
    private long unrecorded;
    private final AtomicLong ticksOut = new AtomicLong();
    private final AtomicLong missedOut = new AtomicLong();
    private final AtomicLong overrunsOut = new AtomicLong();
    private final AtomicLong errorsOut = new AtomicLong();
    private final AtomicLong unrecordedOut = new AtomicLong();

    // reader side, guarded by this; created on the first read, since many tickers (tests, tree-test,
    // scxml-test) are never read
    private IntCountsHistogram spare;
    private Histogram latenessTotal;
    private Histogram durationTotal;
    private long ticksBase;
    private long missedBase;
    private long overrunsBase;
    private long errorsBase;
    private long unrecordedBase;

    public TimerStatsRecorder(String name, TickRate rate) {
        this(name, rate, INTERVAL_LIMIT);
    }

    /** With a smaller interval limit, for tests. */
    public TimerStatsRecorder(String name, TickRate rate, long intervalLimit) {
        this.name = name;
        this.rate = rate;
        this.intervalLimit = Math.min(intervalLimit, INTERVAL_LIMIT);
    }

    static IntCountsHistogram newInterval() {
        return new IntCountsHistogram(1, HIGHEST_NS, 3);
    }

    static Histogram newTotal() {
        return new PackedHistogram(1, HIGHEST_NS, 3);
    }

    /** Tick thread: one tick ran {@code latenessNs} after its deadline for {@code durationNs}. */
    public void recordTick(long latenessNs, long durationNs, long missedDeadlines) {
        long token = phaser.writerCriticalSectionEnter();
        try {
            IntCountsHistogram l = lateness;
            IntCountsHistogram d = duration;
            if (l.getTotalCount() < intervalLimit && d.getTotalCount() < intervalLimit) {
                l.recordValue(clamp(latenessNs));
                d.recordValue(clamp(durationNs));
            } else {
                unrecordedOut.lazySet(++unrecorded);
            }
        } finally {
            phaser.writerCriticalSectionExit(token);
        }
        ticksOut.lazySet(++ticks);
        if (missedDeadlines > 0) {
            missed += missedDeadlines;
            missedOut.lazySet(missed);
            overrunsOut.lazySet(++overruns);
        }
    }

    /** Tick thread: a listener of this timer threw. */
    public void recordError() {
        errorsOut.lazySet(++errors);
    }

    public long ticksSoFar() {
        return ticksOut.get();
    }

    public long missedSoFar() {
        return missedOut.get();
    }

    /** Any thread: the statistics since the start (or the last {@link #reset}). */
    public synchronized TimerStats snapshot() {
        drain();
        return new TimerStats(name, rate, ticksOut.get() - ticksBase, missedOut.get() - missedBase,
                overrunsOut.get() - overrunsBase, errorsOut.get() - errorsBase, unrecordedOut.get() - unrecordedBase,
                latenessTotal.copy(),
                durationTotal.copy());
    }

    /** Any thread: forget what was recorded so far (for example a warm-up). */
    public synchronized void reset() {
        drain();
        latenessTotal.reset();
        durationTotal.reset();
        ticksBase = ticksOut.get();
        missedBase = missedOut.get();
        overrunsBase = overrunsOut.get();
        errorsBase = errorsOut.get();
        unrecordedBase = unrecordedOut.get();
    }

    private void drain() {
        if (latenessTotal == null) {
            spare = newInterval();
            latenessTotal = newTotal();
            durationTotal = newTotal();
        }
        phaser.readerLock();
        try {
            IntCountsHistogram l = lateness;
            lateness = spare;
            phaser.flipPhase(); // the tick thread no longer writes l
            latenessTotal.add(l);
            l.reset();
            IntCountsHistogram d = duration;
            duration = l;
            phaser.flipPhase();
            durationTotal.add(d);
            d.reset();
            spare = d;
        } finally {
            phaser.readerUnlock();
        }
    }

    private static long clamp(long ns) {
        return ns < 0 ? 0 : Math.min(ns, HIGHEST_NS);
    }
}

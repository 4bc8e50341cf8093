package io.canopy.tick;

import io.canopy.tick.stats.TimerStats;
import io.canopy.tick.stats.TimerStatsRecorder;
import java.util.Arrays;

/**
 * A named fixed-rate timer of a {@link Ticker}: its k-th deadline is {@code start + floor(k * period)}
 * (k = 1, 2, ...), so it never drifts. Each tick calls its {@link TickListener}s in the order they were
 * added. Get one from {@link Ticker#addTimer}; add listeners before the ticker's thread starts (in
 * deterministic mode, at any time between {@code advance} calls or from the tick itself).
 *
 * <p>When a tick (or the wake-up before it) comes so late that later deadlines have already passed when
 * it ends, those deadlines are skipped, never run twice, and counted as missed (policy: skip).
 */
public final class TickTimer {
    private final Ticker ticker;
    private final String name;
    private final TickRate rate;
    private final int index;
    private final TimerStatsRecorder stats;
    private volatile long budgetNs;
    private TickListener[] listeners = new TickListener[0];

    // wake-ups (see wake()): requested on any thread, served on the tick thread
    private volatile boolean wakeRequested;
    private volatile long wakeTicks;
    private long wakeMinIntervalNs = -1;
    private long lastTickNs;
    private boolean tickedOnce;

    // tick-thread state
    private long startNs;
    private long k;
    private long nextDeadlineNs;

    TickTimer(Ticker ticker, String name, TickRate rate, int index) {
        this.ticker = ticker;
        this.name = name;
        this.rate = rate;
        this.index = index;
        this.stats = new TimerStatsRecorder(name, rate);
        this.budgetNs = rate.periodNs();
    }

    public String name() {
        return name;
    }

    public TickRate rate() {
        return rate;
    }

    /** Adds work run on every tick, after the listeners added before it; returns this timer. */
    public TickTimer addListener(TickListener listener) {
        if (listener == null) {
            throw new IllegalArgumentException("listener is null (timer '" + name + "')");
        }
        ticker.checkMayReconfigure("add a listener to timer '" + name + "'");
        TickListener[] grown = Arrays.copyOf(listeners, listeners.length + 1);
        grown[listeners.length] = listener;
        listeners = grown;
        return this;
    }

    /** Removes a listener added before; returns whether it was there. */
    public boolean removeListener(TickListener listener) {
        ticker.checkMayReconfigure("remove a listener from timer '" + name + "'");
        for (int i = 0; i < listeners.length; i++) {
            if (listeners[i] == listener) {
                TickListener[] shrunk = new TickListener[listeners.length - 1];
                System.arraycopy(listeners, 0, shrunk, 0, i);
                System.arraycopy(listeners, i + 1, shrunk, i, listeners.length - i - 1);
                listeners = shrunk;
                return true;
            }
        }
        return false;
    }

    /**
     * How long one tick of this timer may run before the {@link Watchdog} calls the failsafe; defaults to the
     * period. Any thread.
     */
    public TickTimer budgetNs(long budgetNs) {
        if (budgetNs < 1) {
            throw new IllegalArgumentException("budget of timer '" + name + "' must be at least 1 ns: " + budgetNs);
        }
        this.budgetNs = budgetNs;
        return this;
    }

    public long budgetNs() {
        return budgetNs;
    }

    /** The statistics so far; safe from any thread while the ticker runs. */
    public TimerStats stats() {
        return stats.snapshot();
    }

    /** Forgets the statistics so far (a warm-up, say); safe from any thread. */
    public void resetStats() {
        stats.reset();
    }

    /** Ticks run so far (cheap, any thread; not reset by {@link #resetStats()}). */
    public long ticks() {
        return stats.ticksSoFar();
    }

    /** Deadlines missed so far (cheap, any thread; not reset by {@link #resetStats()}). */
    public long missed() {
        return stats.missedSoFar();
    }

    /** The next deadline; read it on the tick thread (or between {@code advance} calls). */
    public long nextDeadlineNs() {
        return nextDeadlineNs;
    }

    /** The instant deadlines count from (deadline k is {@code originNs() + floor(k * period)}); 0 before start. */
    public long originNs() {
        return startNs;
    }

    int index() {
        return index;
    }

    /**
     * Lets {@link #wake()} run an extra tick of this timer between its deadlines, at most one every
     * {@code minIntervalNs} (counted from the start of the previous tick, regular or woken). Configure before
     * the ticker starts; returns this timer.
     */
    public TickTimer wakeable(long minIntervalNs) {
        if (minIntervalNs < 0) {
            throw new IllegalArgumentException("timer '" + name + "': the least interval between wake-ups must not be negative");
        }
        ticker.checkMayReconfigure("make timer '" + name + "' wakeable");
        this.wakeMinIntervalNs = minIntervalNs;
        return this;
    }

    /** Whether {@link #wakeable} was called. */
    public boolean isWakeable() {
        return wakeMinIntervalNs >= 0;
    }

    /**
     * Any thread, never blocks: asks for an extra tick of this timer as soon as its least interval allows
     * (on the tick thread: the inbox is drained, then the listeners run, as in a regular tick; deadlines
     * do not move). Requests made before that tick starts are served by it. Ignored unless {@link #wakeable}.
     */
    public void wake() {
        if (wakeMinIntervalNs >= 0) {
            wakeRequested = true;
            ticker.unparkTickThread();
        }
    }

    /** Ticks run because of {@link #wake()} (cheap, any thread). */
    public long wakeTicks() {
        return wakeTicks;
    }

    boolean wakeRequested() {
        return wakeRequested;
    }

    /** Tick thread: when the pending wake-up may run (only meaningful while one is requested). */
    long wakeDueNs() {
        return tickedOnce ? lastTickNs + wakeMinIntervalNs : startNs;
    }

    /** Tick thread: a tick (regular or woken) starts at {@code nowNs}; it serves any wake-up requested so far. */
    void beginTick(long nowNs) {
        wakeRequested = false;
        lastTickNs = nowNs;
        tickedOnce = true;
    }

    /** Tick thread: a woken tick ended. */
    void finishWoken() {
        wakeTicks++;
    }

    /** How errors of this timer's listeners are named ({@code timer 'NAME'}); made once. */
    private String where;

    void start(long originNs) {
        if (where == null) {
            where = "a listener of timer '" + name + "'";
        }
        startNs = originNs;
        k = 1;
        nextDeadlineNs = originNs + rate.offsetNs(1);
    }

    /** Tick thread: runs the listeners of one tick that started at {@code nowNs}; counts errors and hands them to {@code errors}. */
    void fire(long nowNs, ErrorHandler errors) {
        TickListener[] ls = listeners;
        for (int i = 0; i < ls.length; i++) {
            try {
                ls[i].onTick(nowNs);
            } catch (RuntimeException | Error e) {
                stats.recordError();
                if (e instanceof VirtualMachineError) {
                    throw e;
                }
                errors.onError(ticker.role(), where, e);
            }
        }
    }

    /**
     * Tick thread: the tick for the current deadline started at {@code startedNs} and ended at {@code endNs};
     * records it and moves to the first deadline after {@code endNs}, counting skipped ones.
     */
    void finish(long startedNs, long endNs) {
        long lateness = startedNs - nextDeadlineNs;
        long next = k + 1;
        long nextDeadline = startNs + rate.offsetNs(next);
        long missed = 0;
        if (nextDeadline - endNs <= 0) {
            // TickRate.firstIndexAfter, written out: a rarely taken call that the JIT did not inline is linked
            // lazily the first time it runs, which allocates a few hundred bytes on this thread
            long elapsed = endNs - startNs;
            long num = rate.numeratorNs;
            long den = rate.denominator;
            long after = (elapsed / num) * den + ((elapsed % num) * den) / num;
            while (rate.offsetNs(after) <= elapsed) {
                after++;
            }
            missed = after - next;
            next = after;
            nextDeadline = startNs + rate.offsetNs(next);
        }
        k = next;
        nextDeadlineNs = nextDeadline;
        stats.recordTick(lateness, endNs - startedNs, missed);
    }
}

package io.canopy.tick;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A thread that watches a threaded {@link Ticker}: when a tick has been running longer than its timer's
 * budget ({@link TickTimer#budgetNs(long)}, the period by default), it logs it and calls the
 * {@link StallHandler} failsafe, once per stalled tick, without waiting for the tick and without touching
 * tick-thread data (it reads only a seqlock the tick thread publishes). When the tick ends at last, it logs
 * the recovery. One-shot callbacks are held to {@link #oneShotBudgetNs(long)}. A tick thread that died
 * ({@link Ticker#deathCause()}: out of memory, stack overflow) triggers the failsafe once too, with
 * {@code timerName} "tick thread died: ..." and 0 ns.
 *
 * <p>The first tick of each timer loads the classes of everything it ticks (trees, machines, links): its budget
 * is at least {@link #FIRST_TICK_BUDGET_NS} (1 s), so a cold start is not reported as a stall; a first tick that
 * hangs is still caught after that second.
 */
public final class Watchdog implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Watchdog.class);

    private final Ticker ticker;
    private final StallHandler failsafe;
    private final NanoClock clock;
    private long checkIntervalNs = 1_000_000L;
    private long oneShotBudgetNs = 10_000_000L;
    private final AtomicLong checks = new AtomicLong();
    private final AtomicLong stalls = new AtomicLong();
    private volatile boolean running;
    private Thread thread;

    public Watchdog(Ticker ticker, StallHandler failsafe) {
        if (ticker == null || failsafe == null) {
            throw new IllegalArgumentException("a watchdog needs a ticker and a failsafe");
        }
        this.ticker = ticker;
        this.failsafe = failsafe;
        this.clock = ticker.clock();
    }

    /** How often to look at the tick thread (default 1 ms); the failsafe comes at most this late. */
    public Watchdog checkIntervalNs(long intervalNs) {
        if (intervalNs < 1_000) {
            throw new IllegalArgumentException("check interval must be at least 1000 ns: " + intervalNs);
        }
        checkIntervalNs = intervalNs;
        return this;
    }

    /** The budget of a batch of one-shot timer callbacks (default 10 ms). */
    public Watchdog oneShotBudgetNs(long budgetNs) {
        if (budgetNs < 1) {
            throw new IllegalArgumentException("budget must be at least 1 ns: " + budgetNs);
        }
        oneShotBudgetNs = budgetNs;
        return this;
    }

    /** Starts the watchdog thread, named {@code <role>-watchdog} (a daemon). */
    public synchronized Watchdog start() {
        if (thread != null) {
            throw new IllegalStateException("watchdog of ticker '" + ticker.role() + "' already started");
        }
        running = true;
        thread = new Thread(this::run, ticker.role() + "-watchdog");
        thread.setDaemon(true);
        thread.start();
        return this;
    }

    /** Stops the watchdog thread and waits for it. */
    public void stop() {
        running = false;
        Thread t;
        synchronized (this) {
            t = thread;
        }
        if (t != null) {
            LockSupport.unpark(t);
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public void close() {
        stop();
    }

    /** How many times the watchdog has looked (any thread). */
    public long checks() {
        return checks.get();
    }

    /** How many stalls it has reported (any thread). */
    public long stalls() {
        return stalls.get();
    }

    /** The least budget of a timer's first tick (class loading, first compilation). */
    public static final long FIRST_TICK_BUDGET_NS = 1_000_000_000L;

    private void run() {
        TickProgress progress = ticker.progress();
        long[] seen = new long[3];
        long firedForSeq = -1;
        long stalledSeq = -1;
        long stalledSinceNs = 0;
        String stalledTimer = null;
        boolean deathReported = false;
        while (running) {
            Throwable death = ticker.deathCause();
            if (death != null && !deathReported) {
                deathReported = true;
                stalls.incrementAndGet();
                String what = "tick thread died: " + death;
                LOG.error("ticker '{}': {}: failsafe", ticker.role(), what);
                try {
                    failsafe.onStall(ticker.role(), what, 0);
                } catch (RuntimeException | Error e) {
                    LOG.error("ticker '{}': the failsafe threw", ticker.role(), e);
                }
            }
            boolean busy = progress.read(seen);
            long now = clock.nanoTime();
            if (stalledSeq >= 0 && progress.sequence() != stalledSeq) {
                LOG.warn("ticker '{}': the stalled tick of '{}' ended after {} ms", ticker.role(), stalledTimer,
                        String.format(java.util.Locale.ROOT, "%.3f", (now - stalledSinceNs) / 1e6));
                stalledSeq = -1;
            }
            if (busy && seen[0] != firedForSeq) {
                int index = (int) seen[2];
                TickTimer timer = ticker.timerAt(index);
                long budget = timer == null ? oneShotBudgetNs
                        : timer.ticks() == 0 ? Math.max(timer.budgetNs(), FIRST_TICK_BUDGET_NS) : timer.budgetNs();
                long ranNs = now - seen[1];
                if (ranNs > budget) {
                    firedForSeq = seen[0];
                    stalledSeq = seen[0];
                    stalledSinceNs = seen[1];
                    stalledTimer = timer == null ? "one-shot timers" : timer.name();
                    stalls.incrementAndGet();
                    LOG.error("ticker '{}': tick of '{}' has run {} ms, over its budget of {} ms: failsafe",
                            ticker.role(), stalledTimer, String.format(java.util.Locale.ROOT, "%.3f", ranNs / 1e6),
                            String.format(java.util.Locale.ROOT, "%.3f", budget / 1e6));
                    try {
                        failsafe.onStall(ticker.role(), stalledTimer, ranNs);
                    } catch (RuntimeException | Error e) {
                        LOG.error("ticker '{}': the failsafe threw", ticker.role(), e);
                    }
                }
            }
            checks.incrementAndGet();
            LockSupport.parkNanos(checkIntervalNs);
        }
    }
}

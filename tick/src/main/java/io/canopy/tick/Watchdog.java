package io.canopy.tick;

import java.util.List;
import java.util.Locale;
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
 *
 * <p>{@link #ofGroup} watches every ticker of a {@link TickerGroup} from one thread, each with its own failsafe.
 */
public final class Watchdog implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Watchdog.class);

    /** One ticker watched, with what the watchdog remembers of it between looks. */
    private static final class Watched {
        final Ticker ticker;
        final StallHandler failsafe;
        final long[] seen = new long[3];
        long firedForSeq = -1;
        long stalledSeq = -1;
        long stalledSinceNs;
        String stalledTimer;
        boolean deathReported;

        Watched(Ticker ticker, StallHandler failsafe) {
            if (ticker == null || failsafe == null) {
                throw new IllegalArgumentException("a watchdog needs a ticker and a failsafe");
            }
            this.ticker = ticker;
            this.failsafe = failsafe;
        }
    }

    private final String name;
    private final Watched[] watched;
    private final NanoClock clock;
    private long checkIntervalNs = 1_000_000L;
    private long oneShotBudgetNs = 10_000_000L;
    private final AtomicLong checks = new AtomicLong();
    private final AtomicLong stalls = new AtomicLong();
    private volatile boolean running;
    private Thread thread;

    public Watchdog(Ticker ticker, StallHandler failsafe) {
        this(ticker == null ? "?" : ticker.role(), new Watched[] {new Watched(ticker, failsafe)});
    }

    private Watchdog(String name, Watched[] watched) {
        this.name = name;
        this.watched = watched;
        this.clock = watched[0].ticker.clock();
    }

    /**
     * One watchdog thread ({@code <group role>-watchdog}) for the tickers of a {@link TickerGroup}:
     * {@code failsafes.get(i)} is called when a tick of {@code tickers.get(i)} runs over its budget (or the group's
     * thread died). Every ticker of a group ticks on the same thread, so a stall of one holds up all of them: give each
     * the failsafe of all if they must all stop.
     */
    public static Watchdog ofGroup(String groupRole, List<Ticker> tickers, List<StallHandler> failsafes) {
        if (tickers.isEmpty() || tickers.size() != failsafes.size()) {
            throw new IllegalArgumentException("a group watchdog needs one failsafe per ticker (" + tickers.size() + " ticker(s), "
                    + failsafes.size() + " failsafe(s))");
        }
        Watched[] w = new Watched[tickers.size()];
        for (int i = 0; i < w.length; i++) {
            w[i] = new Watched(tickers.get(i), failsafes.get(i));
        }
        return new Watchdog(groupRole, w);
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
            throw new IllegalStateException("watchdog of ticker '" + name + "' already started");
        }
        running = true;
        thread = new Thread(this::run, name + "-watchdog");
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
        while (running) {
            for (Watched w : watched) {
                look(w);
            }
            checks.incrementAndGet();
            LockSupport.parkNanos(checkIntervalNs);
        }
    }

    private void look(Watched w) {
        Ticker ticker = w.ticker;
        StallHandler failsafe = w.failsafe;
        Throwable death = ticker.deathCause();
        if (death != null && !w.deathReported) {
            w.deathReported = true;
            stalls.incrementAndGet();
            String what = "tick thread died: " + death;
            LOG.error("ticker '{}': {}: failsafe", ticker.role(), what);
            try {
                failsafe.onStall(ticker.role(), what, 0);
            } catch (RuntimeException | Error e) {
                LOG.error("ticker '{}': the failsafe threw", ticker.role(), e);
            }
        }
        TickProgress progress = ticker.progress();
        long[] seen = w.seen;
        boolean busy = progress.read(seen);
        long now = clock.nanoTime();
        if (w.stalledSeq >= 0 && progress.sequence() != w.stalledSeq) {
            LOG.warn("ticker '{}': the stalled tick of '{}' ended after {} ms", ticker.role(), w.stalledTimer,
                    String.format(Locale.ROOT, "%.3f", (now - w.stalledSinceNs) / 1e6));
            w.stalledSeq = -1;
        }
        if (busy && seen[0] != w.firedForSeq) {
            int index = (int) seen[2];
            TickTimer timer = ticker.timerAt(index);
            long budget = timer == null ? oneShotBudgetNs
                    : timer.ticks() == 0 ? Math.max(timer.budgetNs(), FIRST_TICK_BUDGET_NS) : timer.budgetNs();
            long ranNs = now - seen[1];
            if (ranNs > budget) {
                w.firedForSeq = seen[0];
                w.stalledSeq = seen[0];
                w.stalledSinceNs = seen[1];
                w.stalledTimer = timer == null ? "one-shot timers" : timer.name();
                stalls.incrementAndGet();
                LOG.error("ticker '{}': tick of '{}' has run {} ms, over its budget of {} ms: failsafe",
                        ticker.role(), w.stalledTimer, String.format(Locale.ROOT, "%.3f", ranNs / 1e6),
                        String.format(Locale.ROOT, "%.3f", budget / 1e6));
                try {
                    failsafe.onStall(ticker.role(), w.stalledTimer, ranNs);
                } catch (RuntimeException | Error e) {
                    LOG.error("ticker '{}': the failsafe threw", ticker.role(), e);
                }
            }
        }
    }
}

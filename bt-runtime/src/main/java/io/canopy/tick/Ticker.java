package io.canopy.tick;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs named fixed-rate timers ({@link TickTimer}) and one-shot timers ({@link #oneShotTimers()}) on one
 * tick thread, named after the ticker's role.
 *
 * <p>Two modes, chosen by use:
 * <ul>
 *   <li><b>Threaded</b> ({@link #start()}, {@link #stop()}): a thread waits for each deadline with the
 *       {@link IdleMode} (park, then spin the last {@link #spinThresholdNs(long)} ns by default) and runs the
 *       due work. Needs a real clock ({@link SystemNanoClock}).</li>
 *   <li><b>Deterministic</b> ({@link #advance(long)}, {@link #advanceTo(long)}): with a
 *       {@link ManualNanoClock}, the caller's thread runs exactly the work that falls due, moving the clock
 *       to each deadline in turn. Trees, state machines, tree-test and scxml-test use this.</li>
 * </ul>
 *
 * <p>Order, in both modes: whatever is due earliest runs first; one-shot timers due at or before a named
 * timer's deadline run before its tick; named timers due at the same instant tick in the order they were
 * added. Before each named-timer tick the inbox events that arrived are handed to the
 * {@link EventHandler}s (see {@link #inbox()}). Deadlines are absolute ({@code start + k * period}); a late
 * tick never makes the next one early, and deadlines that passed during a late tick are skipped and
 * counted ({@link TimerStats#missed()}).
 *
 * <p>Configure (timers, listeners, handlers, idle mode) before {@link #start()}; after it only the tick
 * thread itself may reconfigure. In deterministic mode the ticker starts at the first {@code advance};
 * timers added later start when they are added.
 */
public final class Ticker implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Ticker.class);
    private static final long IDLE_WITHOUT_WORK_NS = TimeUnit.MILLISECONDS.toNanos(10);

    private enum State { NEW, THREADED, DETERMINISTIC, STOPPED }

    private final String role;
    private final NanoClock clock;
    private final DeadlineTimerQueue oneShots;
    private final TickerInbox inbox;
    private final TickProgress progress = new TickProgress();
    private final List<TickTimer> timerList = new ArrayList<>();
    private TickTimer[] timers = new TickTimer[0];
    private IdleMode idleMode = IdleMode.PARK_THEN_SPIN;
    private long spinThresholdNs = 100_000;
    private RealtimeOptions realtime = RealtimeOptions.NONE;
    private volatile RealtimeReport realtimeReport;

    private volatile State state = State.NEW;
    private volatile Throwable death;
    private volatile boolean running;
    private volatile Thread thread;

    /** A ticker for {@code role} (the tick thread's name) on {@code clock}, with a 1024-event inbox. */
    public Ticker(String role, NanoClock clock) {
        this(role, clock, EventQueue.builder().build());
    }

    /** As {@link #Ticker(String, NanoClock)} with the given inbox (see {@link EventQueue#builder()}). */
    public Ticker(String role, NanoClock clock, EventQueue inbox) {
        if (role == null || role.isBlank()) {
            throw new IllegalArgumentException("a ticker needs a role name for its thread");
        }
        if (clock == null || inbox == null) {
            throw new IllegalArgumentException("clock and inbox must not be null (ticker '" + role + "')");
        }
        this.role = role;
        this.clock = clock;
        this.oneShots = new DeadlineTimerQueue(clock);
        this.inbox = new TickerInbox(inbox);
    }

    public String role() {
        return role;
    }

    public NanoClock clock() {
        return clock;
    }

    /** The one-shot timers; schedule and cancel them on the tick thread only. */
    public DeadlineTimerQueue oneShotTimers() {
        return oneShots;
    }

    /** Where IO threads put events for this ticker; drained on the tick thread before each tick. */
    public EventQueue inbox() {
        return inbox.queue();
    }

    /** Adds a handler that receives every inbox event, on the tick thread, before the next tick. */
    public void addEventHandler(EventHandler handler) {
        checkMayReconfigure("add an event handler");
        inbox.addHandler(handler);
    }

    /** Adds a named timer at {@code rate}; names are unique per ticker. */
    public TickTimer addTimer(String name, TickRate rate) {
        if (name == null || name.isBlank() || rate == null) {
            throw new IllegalArgumentException("a timer needs a name and a rate (ticker '" + role + "')");
        }
        checkMayReconfigure("add timer '" + name + "'");
        for (TickTimer t : timerList) {
            if (t.name().equals(name)) {
                throw new IllegalArgumentException("ticker '" + role + "' already has a timer named '" + name + "'");
            }
        }
        TickTimer timer = new TickTimer(this, name, rate, timerList.size());
        if (state == State.DETERMINISTIC || state == State.THREADED) {
            timer.start(clock.nanoTime());
        }
        timerList.add(timer);
        timers = timerList.toArray(new TickTimer[0]);
        return timer;
    }

    /** Shorthand for {@code addTimer(name, TickRate.hz(hz))}. */
    public TickTimer addTimerHz(String name, long hz) {
        return addTimer(name, TickRate.hz(hz));
    }

    /** The timer named {@code name}, or null. */
    public TickTimer timer(String name) {
        for (TickTimer t : timers) {
            if (t.name().equals(name)) {
                return t;
            }
        }
        return null;
    }

    /** The timers in the order they were added. */
    public List<TickTimer> timers() {
        return Collections.unmodifiableList(Arrays.asList(timers));
    }

    /** Statistics of every timer, in the order they were added; any thread. */
    public List<TimerStats> stats() {
        TickTimer[] ts = timers;
        List<TimerStats> out = new ArrayList<>(ts.length);
        for (TickTimer t : ts) {
            out.add(t.stats());
        }
        return out;
    }

    /** How the tick thread waits between deadlines (threaded mode). */
    public Ticker idleMode(IdleMode mode) {
        checkNew("change the idle mode");
        this.idleMode = mode;
        return this;
    }

    public IdleMode idleMode() {
        return idleMode;
    }

    /** With {@link IdleMode#PARK_THEN_SPIN}: spin for the last {@code spinThresholdNs} before a deadline. */
    public Ticker spinThresholdNs(long spinThresholdNs) {
        checkNew("change the spin threshold");
        if (spinThresholdNs < 0) {
            throw new IllegalArgumentException("spin threshold must not be negative: " + spinThresholdNs);
        }
        this.spinThresholdNs = spinThresholdNs;
        return this;
    }

    public long spinThresholdNs() {
        return spinThresholdNs;
    }

    /** Real-time knobs the tick thread applies to itself when it starts; each is optional. */
    public Ticker realtime(RealtimeOptions options) {
        checkNew("change the real-time options");
        this.realtime = options == null ? RealtimeOptions.NONE : options;
        return this;
    }

    /** What the tick thread got of its real-time options; null until it has started. */
    public RealtimeReport realtimeReport() {
        return realtimeReport;
    }

    /** True on the tick thread (threaded mode), or always in deterministic mode. */
    public boolean isTickThread() {
        return state == State.DETERMINISTIC || Thread.currentThread() == thread;
    }

    // ---------------------------------------------------------------- threaded mode

    /** Starts the tick thread; every timer's first deadline is one period from now. */
    public synchronized void start() {
        if (state != State.NEW) {
            throw new IllegalStateException("ticker '" + role + "' was already started (" + state + ")");
        }
        if (clock instanceof ManualNanoClock) {
            throw new IllegalStateException("ticker '" + role
                    + "' is on a manual clock: drive it with advance(ns) instead of start()");
        }
        startTimers();
        running = true;
        state = State.THREADED;
        Thread t = new Thread(this::runLoop, role);
        thread = t;
        t.start();
    }

    /** Stops the tick thread and waits for the tick in progress to finish. Idempotent. */
    public void stop() {
        stop(Long.MAX_VALUE);
    }

    /**
     * Stops the tick thread and waits at most {@code timeoutMs} for the tick in progress; returns whether
     * the thread has ended. From the tick thread itself it only asks the loop to end.
     */
    public boolean stop(long timeoutMs) {
        running = false;
        Thread t = thread;
        if (t == null) {
            if (state == State.NEW) {
                state = State.STOPPED;
            }
            return true;
        }
        LockSupport.unpark(t);
        if (Thread.currentThread() == t) {
            return false;
        }
        try {
            if (timeoutMs == Long.MAX_VALUE) {
                t.join();
            } else {
                t.join(Math.max(1, timeoutMs));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return !t.isAlive();
    }

    @Override
    public void close() {
        stop();
    }

    /** The id of the tick thread ({@link Thread#getId()}), or -1 before {@link #start()}. */
    public long tickThreadId() {
        Thread t = thread;
        return t == null ? -1 : t.getId();
    }

    public boolean isRunning() {
        Thread t = thread;
        return t != null && t.isAlive();
    }

    private void runLoop() {
        realtimeReport = RealtimeKnobs.apply(realtime, role);
        try {
            while (running) {
                long now = clock.nanoTime();
                int best = earliestTimer();
                boolean oneShotFirst = oneShotFirst(best);
                if (best < 0 && !oneShotFirst) {
                    LockSupport.parkNanos(IDLE_WITHOUT_WORK_NS);
                    continue;
                }
                long next = oneShotFirst ? oneShots.nextDeadlineNs() : timers[best].nextDeadlineNs();
                if (next - now > 0) {
                    idle(next, now);
                    continue;
                }
                runEarliest(best, oneShotFirst, now, false);
            }
        } catch (RuntimeException | Error e) {
            death = e;
            LOG.error("ticker '{}': the tick thread died; nothing ticks any more (a Watchdog calls its failsafe)", role, e);
        } finally {
            state = State.STOPPED;
        }
    }

    /**
     * Why the tick thread ended on its own, or null: listener, handler and callback exceptions are counted
     * and logged and the ticker goes on, except a {@link VirtualMachineError} (out of memory, stack
     * overflow), which ends the tick thread; a {@link Watchdog} then calls its failsafe.
     */
    public Throwable deathCause() {
        return death;
    }

    private void idle(long deadlineNs, long nowNs) {
        long remaining = deadlineNs - nowNs;
        switch (idleMode) {
            case PARK -> LockSupport.parkNanos(remaining);
            case PARK_THEN_SPIN -> {
                if (remaining > spinThresholdNs) {
                    LockSupport.parkNanos(remaining - spinThresholdNs);
                } else {
                    spinUntil(deadlineNs);
                }
            }
            case SPIN -> spinUntil(deadlineNs);
        }
    }

    private void spinUntil(long deadlineNs) {
        while (running && clock.nanoTime() - deadlineNs < 0) {
            Thread.onSpinWait();
        }
    }

    // ---------------------------------------------------------------- deterministic mode

    /** Deterministic mode: moves the manual clock {@code deltaNs} ahead, running everything that falls due. */
    public void advance(long deltaNs) {
        if (deltaNs < 0) {
            throw new IllegalArgumentException("advance must not be negative: " + deltaNs);
        }
        advanceTo(clock.nanoTime() + deltaNs);
    }

    /**
     * Deterministic mode: runs, on this thread and in deadline order, every tick and one-shot timer due at
     * or before {@code targetNs}, setting the manual clock to each deadline first; then sets the clock to
     * {@code targetNs}. Exceptions from listeners and callbacks propagate (after being counted).
     */
    public void advanceTo(long targetNs) {
        ManualNanoClock manual = enterDeterministic();
        while (true) {
            int best = earliestTimer();
            boolean oneShotFirst = oneShotFirst(best);
            if (best < 0 && !oneShotFirst) {
                break;
            }
            long next = oneShotFirst ? oneShots.nextDeadlineNs() : timers[best].nextDeadlineNs();
            if (next - targetNs > 0) {
                break;
            }
            long now = manual.nanoTime();
            if (next - now > 0) {
                manual.setNs(next);
                now = next;
            }
            runEarliest(best, oneShotFirst, now, true);
        }
        if (targetNs - manual.nanoTime() > 0) {
            manual.setNs(targetNs);
        }
    }

    /** Deterministic mode: starts the timers now without advancing (advance does this on first use). */
    public void startDeterministic() {
        enterDeterministic();
    }

    private ManualNanoClock enterDeterministic() {
        if (!(clock instanceof ManualNanoClock manual)) {
            throw new IllegalStateException("ticker '" + role + "': advance() needs a ManualNanoClock; "
                    + "a ticker on a real clock runs with start()");
        }
        synchronized (this) {
            if (state == State.NEW) {
                startTimers();
                state = State.DETERMINISTIC;
            } else if (state != State.DETERMINISTIC) {
                throw new IllegalStateException("ticker '" + role + "' is " + state + ", not deterministic");
            }
        }
        return manual;
    }

    // ---------------------------------------------------------------- shared

    private void startTimers() {
        long origin = clock.nanoTime();
        for (TickTimer t : timers) {
            t.start(origin);
        }
    }

    /** Index of the timer with the earliest next deadline (ties: first added), or -1. */
    private int earliestTimer() {
        TickTimer[] ts = timers;
        int best = -1;
        long bestDeadline = 0;
        for (int i = 0; i < ts.length; i++) {
            long d = ts[i].nextDeadlineNs();
            if (best < 0 || d - bestDeadline < 0) {
                best = i;
                bestDeadline = d;
            }
        }
        return best;
    }

    private boolean oneShotFirst(int bestTimer) {
        return !oneShots.isEmpty()
                && (bestTimer < 0 || oneShots.nextDeadlineNs() - timers[bestTimer].nextDeadlineNs() <= 0);
    }

    private void runEarliest(int best, boolean oneShotFirst, long nowNs, boolean rethrow) {
        if (oneShotFirst) {
            pollOneShots(nowNs, rethrow);
        } else {
            tick(timers[best], nowNs, rethrow);
        }
    }

    private void pollOneShots(long nowNs, boolean rethrow) {
        progress.begin(nowNs, -1);
        try {
            oneShots.poll(nowNs);
        } catch (RuntimeException | Error e) {
            if (rethrow || e instanceof VirtualMachineError) {
                throw e;
            }
            LOG.error("ticker '{}': a one-shot timer callback threw; the ticker goes on", role, e);
        } finally {
            progress.end();
        }
    }

    private void tick(TickTimer timer, long nowNs, boolean rethrow) {
        progress.begin(nowNs, timer.index());
        try {
            inbox.drain(rethrow, this);
            timer.fire(nowNs, rethrow);
        } finally {
            timer.finish(nowNs, clock.nanoTime());
            progress.end();
        }
    }

    TickProgress progress() {
        return progress;
    }

    TickTimer timerAt(int index) {
        TickTimer[] ts = timers;
        return index >= 0 && index < ts.length ? ts[index] : null;
    }

    void reportListenerError(TickTimer timer, Throwable e) {
        LOG.error("ticker '{}', timer '{}': a tick listener threw; the ticker goes on", role, timer.name(), e);
    }

    void reportHandlerError(Throwable e) {
        LOG.error("ticker '{}': an event handler threw; the ticker goes on", role, e);
    }

    void checkMayReconfigure(String what) {
        if (state == State.THREADED && Thread.currentThread() != thread) {
            throw new IllegalStateException("cannot " + what + " of ticker '" + role
                    + "' from another thread while it runs: do it before start() or on the tick thread");
        }
    }

    private void checkNew(String what) {
        if (state != State.NEW) {
            throw new IllegalStateException("cannot " + what + " of ticker '" + role + "' after it started");
        }
    }
}

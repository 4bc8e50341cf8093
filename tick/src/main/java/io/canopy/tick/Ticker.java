package io.canopy.tick;

import io.canopy.tick.realtime.IdleMode;
import io.canopy.tick.realtime.RealtimeOptions;
import io.canopy.tick.realtime.RealtimeReport;
import io.canopy.tick.stats.TimerStats;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

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
 * <p>The ticker is a small facade over three parts, in the Agrona style: the {@link TickAgent} (the work of
 * one duty cycle), the {@link TickRunner} (the thread and its idle strategy) and the {@link TickInvoker} (the
 * manual stepping of deterministic mode). Errors of listeners, handlers and callbacks go to one
 * {@link ErrorHandler} ({@link #errorHandler(ErrorHandler)}): by default the threaded ticker logs them and goes
 * on, the deterministic one rethrows them to the caller.
 *
 * <p>Configure (timers, listeners, handlers, idle mode) before {@link #start()}; after it only the tick
 * thread itself may reconfigure. In deterministic mode the ticker starts at the first {@code advance};
 * timers added later start when they are added.
 */
public final class Ticker implements AutoCloseable {
    private enum State { NEW, THREADED, DETERMINISTIC, STOPPED }

    private final String role;
    private final NanoClock clock;
    private final TickAgent agent;
    private IdleMode idleMode = IdleMode.PARK_THEN_SPIN;
    private long spinThresholdNs = 100_000;
    private RealtimeOptions realtime = RealtimeOptions.NONE;
    private ErrorHandler errorHandler;
    private ErrorHandler invokerErrors = ErrorHandler.rethrow();
    private TickInvoker invoker;

    private volatile State state = State.NEW;
    private volatile TickRunner runner;
    /** Whether {@link #runner} is a {@link TickerGroup}'s, shared with other tickers. */
    private volatile boolean grouped;

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
        this.agent = new TickAgent(role, clock, inbox);
    }

    public String role() {
        return role;
    }

    public NanoClock clock() {
        return clock;
    }

    /** The one-shot timers; schedule and cancel them on the tick thread only. */
    public DeadlineTimerQueue oneShotTimers() {
        return agent.oneShots;
    }

    /** Where IO threads put events for this ticker; drained on the tick thread before each tick. */
    public EventQueue inbox() {
        return agent.inbox.queue();
    }

    /** Adds a handler that receives every inbox event, on the tick thread, before the next tick. */
    public void addEventHandler(EventHandler handler) {
        checkMayReconfigure("add an event handler");
        agent.inbox.addHandler(handler);
    }

    /**
     * Where errors of listeners, event handlers and one-shot callbacks go (set before {@link #start()} or the
     * first {@code advance}). Default: threaded, {@link ErrorHandler#logAndContinue()}; deterministic,
     * {@link ErrorHandler#rethrow()}.
     */
    public Ticker errorHandler(ErrorHandler handler) {
        checkNew("change the error handler");
        this.errorHandler = handler;
        return this;
    }

    /** Adds a named timer at {@code rate}; names are unique per ticker. */
    public TickTimer addTimer(String name, TickRate rate) {
        if (name == null || name.isBlank() || rate == null) {
            throw new IllegalArgumentException("a timer needs a name and a rate (ticker '" + role + "')");
        }
        checkMayReconfigure("add timer '" + name + "'");
        for (TickTimer t : agent.timers()) {
            if (t.name().equals(name)) {
                throw new IllegalArgumentException("ticker '" + role + "' already has a timer named '" + name + "'");
            }
        }
        TickTimer timer = new TickTimer(this, name, rate, agent.timers().length);
        if (state == State.DETERMINISTIC || state == State.THREADED) {
            timer.start(clock.nanoTime());
        }
        agent.add(timer);
        return timer;
    }

    /** Shorthand for {@code addTimer(name, TickRate.hz(hz))}. */
    public TickTimer addTimerHz(String name, long hz) {
        return addTimer(name, TickRate.hz(hz));
    }

    /** The timer named {@code name}, or null. */
    public TickTimer timer(String name) {
        for (TickTimer t : agent.timers()) {
            if (t.name().equals(name)) {
                return t;
            }
        }
        return null;
    }

    /** The timers in the order they were added. */
    public List<TickTimer> timers() {
        return Collections.unmodifiableList(Arrays.asList(agent.timers()));
    }

    /** Statistics of every timer, in the order they were added; any thread. */
    public List<TimerStats> stats() {
        TickTimer[] ts = agent.timers();
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
        TickRunner r = runner;
        return r == null ? null : r.realtimeReport();
    }

    /** True on the tick thread (threaded mode), or always in deterministic mode. */
    public boolean isTickThread() {
        TickRunner r = runner;
        return state == State.DETERMINISTIC || (r != null && Thread.currentThread() == r.thread());
    }

    // ---------------------------------------------------------------- threaded mode: the runner

    /** Starts the tick thread; every timer's first deadline is one period from now. */
    public synchronized void start() {
        if (state != State.NEW) {
            throw new IllegalStateException("ticker '" + role + "' was already started (" + state + ")");
        }
        if (clock instanceof ManualNanoClock) {
            throw new IllegalStateException("ticker '" + role
                    + "' is on a manual clock: drive it with advance(ns) instead of start()");
        }
        agent.startTimers();
        state = State.THREADED;
        TickRunner r = new TickRunner(agent, idleMode, spinThresholdNs, realtime,
                errorHandler != null ? errorHandler : ErrorHandler.logAndContinue(), () -> state = State.STOPPED);
        runner = r; // before the thread runs, so that it is the tick thread from its first instruction
        r.start();
    }

    /**
     * A {@link TickerGroup} starts this ticker on its thread: every timer's first deadline is one period from
     * now; returns the error handler the group uses for it.
     */
    synchronized ErrorHandler startInGroup() {
        if (state != State.NEW) {
            throw new IllegalStateException("ticker '" + role + "' was already started (" + state + ")");
        }
        if (clock instanceof ManualNanoClock) {
            throw new IllegalStateException("ticker '" + role
                    + "' is on a manual clock: drive it with advance(ns) instead of a ticker group");
        }
        agent.startTimers();
        state = State.THREADED;
        grouped = true;
        return errorHandler != null ? errorHandler : ErrorHandler.logAndContinue();
    }

    /** The group's thread runs this ticker's work from now on (before that thread starts). */
    void joinRunner(TickRunner r) {
        runner = r;
    }

    TickAgent agent() {
        return agent;
    }

    /** The group's thread has ended. */
    void exited() {
        state = State.STOPPED;
    }

    /**
     * Stops the tick thread and waits for the tick in progress to finish. Idempotent. A ticker of a
     * {@link TickerGroup} leaves the group instead: the group's thread runs none of its work any more and goes on
     * with the others.
     */
    public void stop() {
        stop(Long.MAX_VALUE);
    }

    /**
     * Stops the tick thread and waits at most {@code timeoutMs} for the tick in progress; returns whether
     * the thread has ended. From the tick thread itself it only asks the loop to end.
     */
    public boolean stop(long timeoutMs) {
        TickRunner r = runner;
        if (r == null) {
            if (state == State.NEW) {
                state = State.STOPPED;
            }
            return true;
        }
        if (grouped) {
            boolean left = r.detach(agent, timeoutMs);
            state = State.STOPPED;
            return left;
        }
        r.requestStop();
        Thread t = r.thread();
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
        TickRunner r = runner;
        return r == null ? -1 : r.thread().getId();
    }

    public boolean isRunning() {
        TickRunner r = runner;
        return r != null && r.thread().isAlive() && !(grouped && state == State.STOPPED);
    }

    /**
     * Why the tick thread ended on its own, or null: listener, handler and callback exceptions go to the
     * {@link ErrorHandler} and the ticker goes on, except a {@link VirtualMachineError} (out of memory, stack
     * overflow), which ends the tick thread; a {@link Watchdog} then calls its failsafe.
     */
    public Throwable deathCause() {
        TickRunner r = runner;
        return r == null ? null : r.death();
    }

    // ---------------------------------------------------------------- deterministic mode: the invoker

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
     * {@code targetNs}. Errors go to the error handler (by default rethrown, after being counted).
     */
    public void advanceTo(long targetNs) {
        enterDeterministic().advanceTo(targetNs, invokerErrors);
    }

    /** Deterministic mode: starts the timers now without advancing (advance does this on first use). */
    public void startDeterministic() {
        enterDeterministic();
    }

    private TickInvoker enterDeterministic() {
        if (!(clock instanceof ManualNanoClock manual)) {
            throw new IllegalStateException("ticker '" + role + "': advance() needs a ManualNanoClock; "
                    + "a ticker on a real clock runs with start()");
        }
        synchronized (this) {
            if (state == State.NEW) {
                agent.startTimers();
                invoker = new TickInvoker(agent, manual);
                invokerErrors = errorHandler != null ? errorHandler : ErrorHandler.rethrow();
                state = State.DETERMINISTIC;
            } else if (state != State.DETERMINISTIC) {
                throw new IllegalStateException("ticker '" + role + "' is " + state + ", not deterministic");
            }
        }
        return invoker;
    }

    // ---------------------------------------------------------------- shared

    /** Any thread: ends the tick thread's wait so that it looks for work now ({@link TickTimer#wake()}). */
    void unparkTickThread() {
        TickRunner r = runner;
        if (r != null) {
            r.unpark();
        }
    }

    TickProgress progress() {
        return agent.progress;
    }

    TickTimer timerAt(int index) {
        return agent.timerAt(index);
    }

    void checkMayReconfigure(String what) {
        TickRunner r = runner;
        if (state == State.THREADED && r != null && Thread.currentThread() != r.thread()) {
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

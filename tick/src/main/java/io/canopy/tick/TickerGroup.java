package io.canopy.tick;

import io.canopy.tick.realtime.IdleMode;
import io.canopy.tick.realtime.RealtimeOptions;
import java.util.ArrayList;
import java.util.List;

/**
 * Several {@link Ticker}s on one tick thread: each ticker keeps its own timers, inbox, one-shot timers,
 * statistics and watchdog progress (so a {@link Watchdog} per ticker works as before), but one thread, named
 * after the group's role, runs the work of all of them. Each pass of the thread gives every member one duty cycle
 * (each at a fresh clock reading), then waits for the earliest deadline of all with the group's {@link IdleMode}.
 * {@code canopy fleet --shared-ticker} runs N robot nodes this way.
 *
 * <p>Add the tickers (configured, not started) before {@link #start()}. A member's {@link Ticker#stop} makes it
 * leave the group (the thread runs none of its work any more, after the work in progress); {@link #stop()} ends
 * the thread. What one member's work costs delays the others: a member's lateness includes the time the members
 * before it in the pass took.
 */
public final class TickerGroup implements AutoCloseable {
    private final String role;
    private final NanoClock clock;
    private final List<Ticker> members = new ArrayList<>();
    private IdleMode idleMode = IdleMode.PARK_THEN_SPIN;
    private long spinThresholdNs = 100_000;
    private RealtimeOptions realtime = RealtimeOptions.NONE;
    private volatile TickRunner runner;

    /** A group whose thread is named {@code role}, for tickers on {@code clock} (a real clock). */
    public TickerGroup(String role, NanoClock clock) {
        if (role == null || role.isBlank() || clock == null) {
            throw new IllegalArgumentException("a ticker group needs a role name for its thread and a clock");
        }
        this.role = role;
        this.clock = clock;
    }

    public String role() {
        return role;
    }

    /** Adds a ticker on the group's clock, not started; before {@link #start()}. */
    public synchronized TickerGroup add(Ticker ticker) {
        if (runner != null) {
            throw new IllegalStateException("ticker group '" + role + "' already started: add tickers before start()");
        }
        if (ticker.clock() != clock) {
            throw new IllegalArgumentException("ticker '" + ticker.role() + "' is on another clock than ticker group '" + role + "'");
        }
        if (members.contains(ticker)) {
            throw new IllegalArgumentException("ticker '" + ticker.role() + "' is already in ticker group '" + role + "'");
        }
        members.add(ticker);
        return this;
    }

    /** How many tickers the group runs. */
    public synchronized int size() {
        return members.size();
    }

    /** How the thread waits between deadlines (default park, then spin the last 100 us); before {@link #start()}. */
    public synchronized TickerGroup idleMode(IdleMode mode, long spinThresholdNs) {
        if (runner != null || mode == null || spinThresholdNs < 0) {
            throw new IllegalStateException("ticker group '" + role + "': set a valid idle mode before start()");
        }
        this.idleMode = mode;
        this.spinThresholdNs = spinThresholdNs;
        return this;
    }

    /** Real-time knobs the thread applies to itself when it starts; before {@link #start()}. */
    public synchronized TickerGroup realtime(RealtimeOptions options) {
        this.realtime = options == null ? RealtimeOptions.NONE : options;
        return this;
    }

    /** Starts every member's timers (first deadline one period from now) and the one thread that runs them. */
    public synchronized void start() {
        if (runner != null) {
            throw new IllegalStateException("ticker group '" + role + "' was already started");
        }
        if (clock instanceof ManualNanoClock) {
            throw new IllegalStateException("ticker group '" + role + "' is on a manual clock: drive each ticker with advance(ns)");
        }
        TickAgent[] agents = new TickAgent[members.size()];
        ErrorHandler[] errors = new ErrorHandler[members.size()];
        for (int i = 0; i < agents.length; i++) {
            errors[i] = members.get(i).startInGroup();
            agents[i] = members.get(i).agent();
        }
        List<Ticker> all = List.copyOf(members);
        TickRunner r = new TickRunner(role, clock, agents, errors, idleMode, spinThresholdNs, realtime,
                () -> all.forEach(Ticker::exited));
        for (Ticker t : members) {
            t.joinRunner(r); // before the thread runs, so that it is every member's tick thread from its first instruction
        }
        runner = r;
        r.start();
    }

    /** Ends the thread (after the work in progress) and waits at most {@code timeoutMs}; returns whether it ended. */
    public boolean stop(long timeoutMs) {
        TickRunner r = runner;
        if (r == null) {
            return true;
        }
        r.requestStop();
        Thread t = r.thread();
        if (Thread.currentThread() == t) {
            return false;
        }
        try {
            t.join(Math.max(1, timeoutMs));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return !t.isAlive();
    }

    /** Ends the thread and waits for it. */
    public void stop() {
        stop(Long.MAX_VALUE);
    }

    @Override
    public void close() {
        stop();
    }

    /** The id of the one tick thread, or -1 before {@link #start()}. */
    public long tickThreadId() {
        TickRunner r = runner;
        return r == null ? -1 : r.thread().getId();
    }

    public boolean isRunning() {
        TickRunner r = runner;
        return r != null && r.thread().isAlive();
    }
}

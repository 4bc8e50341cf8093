package io.canopy.tick;

import java.util.ArrayList;
import java.util.List;

/**
 * The work of a ticker, in the Agrona sense of an agent: one duty cycle ({@link #doWork}) runs whatever is
 * due earliest — one-shot timers due at or before a named timer's deadline first, then that timer's tick
 * (the inbox drained to the event handlers, then the listeners) — and reports whether it did anything. It
 * owns no thread and never waits: a {@link TickRunner} runs it on the tick thread with an idle strategy, a
 * {@link TickInvoker} runs it on the caller's thread on a manual clock. Errors go to the {@link ErrorHandler}
 * it is given. Allocates nothing per cycle.
 */
final class TickAgent {
    final String role;
    final NanoClock clock;
    final DeadlineTimerQueue oneShots;
    final TickerInbox inbox;
    final TickProgress progress = new TickProgress();
    private final List<TickTimer> timerList = new ArrayList<>();
    private volatile TickTimer[] timers = new TickTimer[0];

    TickAgent(String role, NanoClock clock, EventQueue inbox) {
        this.role = role;
        this.clock = clock;
        this.oneShots = new DeadlineTimerQueue(clock);
        this.inbox = new TickerInbox(inbox);
    }

    void add(TickTimer timer) {
        timerList.add(timer);
        timers = timerList.toArray(new TickTimer[0]);
    }

    TickTimer[] timers() {
        return timers;
    }

    /** Starts every timer: each one's first deadline is one period after now. */
    void startTimers() {
        long origin = clock.nanoTime();
        for (TickTimer t : timers) {
            t.start(origin);
        }
    }

    /** Whether any timer or one-shot is scheduled. */
    boolean hasWork() {
        return timers.length > 0 || !oneShots.isEmpty();
    }

    /** The deadline of the earliest work; only meaningful when {@link #hasWork()}. */
    long nextDeadlineNs() {
        int best = earliestTimer();
        long next = oneShotFirst(best) ? oneShots.nextDeadlineNs() : timers[best].nextDeadlineNs();
        int w = pendingWake();
        if (w >= 0 && timers[w].wakeDueNs() - next < 0) {
            next = timers[w].wakeDueNs();
        }
        return next;
    }

    /** The timer with a wake-up requested that may run soonest, or -1 (reads one volatile per timer). */
    private int pendingWake() {
        TickTimer[] ts = timers;
        int best = -1;
        for (int i = 0; i < ts.length; i++) {
            if (ts[i].wakeRequested() && (best < 0 || ts[i].wakeDueNs() - ts[best].wakeDueNs() < 0)) {
                best = i;
            }
        }
        return best;
    }

    /** Whether a wake-up is requested (any timer). */
    boolean wakeRequested() {
        return pendingWake() >= 0;
    }

    /**
     * One duty cycle at {@code nowNs}: runs the earliest work if it is due and returns 1, else returns 0
     * (nothing due yet, or nothing scheduled).
     */
    int doWork(long nowNs, ErrorHandler errors) {
        int best = earliestTimer();
        boolean oneShotFirst = oneShotFirst(best);
        if (best < 0 && !oneShotFirst) {
            return 0;
        }
        long next = oneShotFirst ? oneShots.nextDeadlineNs() : timers[best].nextDeadlineNs();
        if (next - nowNs > 0) {
            int w = pendingWake();
            if (w >= 0 && timers[w].wakeDueNs() - nowNs <= 0) {
                wakeTick(timers[w], nowNs, errors);
                return 1;
            }
            return 0;
        }
        if (oneShotFirst) {
            pollOneShots(nowNs, errors);
        } else {
            tick(timers[best], nowNs, errors);
        }
        return 1;
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

    private void pollOneShots(long nowNs, ErrorHandler errors) {
        progress.begin(nowNs, -1);
        try {
            oneShots.poll(nowNs);
        } catch (RuntimeException | Error e) {
            if (e instanceof VirtualMachineError) {
                throw e;
            }
            errors.onError(role, "a one-shot timer callback", e);
        } finally {
            progress.end();
        }
    }

    /** An extra tick of {@code timer} asked for with {@link TickTimer#wake()}: inbox, then listeners; no deadline moves. */
    private void wakeTick(TickTimer timer, long nowNs, ErrorHandler errors) {
        progress.begin(nowNs, timer.index());
        timer.beginTick(nowNs);
        try {
            inbox.drain(errors, role);
            timer.fire(nowNs, errors);
        } finally {
            timer.finishWoken();
            progress.end();
        }
    }

    private void tick(TickTimer timer, long nowNs, ErrorHandler errors) {
        progress.begin(nowNs, timer.index());
        timer.beginTick(nowNs);
        try {
            inbox.drain(errors, role);
            timer.fire(nowNs, errors);
        } finally {
            timer.finish(nowNs, clock.nanoTime());
            progress.end();
        }
    }

    TickTimer timerAt(int index) {
        TickTimer[] ts = timers;
        return index >= 0 && index < ts.length ? ts[index] : null;
    }
}

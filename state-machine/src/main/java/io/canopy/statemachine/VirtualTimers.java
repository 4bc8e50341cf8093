package io.canopy.statemachine;

import io.canopy.tick.ManualNanoClock;
import io.canopy.tick.NanoClock;
import io.canopy.tick.OneShotTimers;
import io.canopy.tick.TimerCallback;
import java.util.ArrayList;
import java.util.List;

/**
 * One-shot timers on a {@link ManualNanoClock} that can say when the next one is due, so a test runner can
 * jump virtual time straight to it ({@code delay="1s"} costs no wall time). Timers with equal deadlines run
 * in the order they were scheduled. Test-bench use (scxml-test); the ticker uses its timer wheel.
 */
final class VirtualTimers implements OneShotTimers {
    private final ManualNanoClock clock;
    private final List<long[]> pending = new ArrayList<>();
    private final List<TimerCallback> callbacks = new ArrayList<>();
    private long nextId = 1;

    VirtualTimers(ManualNanoClock clock) {
        this.clock = clock;
    }

    @Override
    public long scheduleAt(long deadlineNs, TimerCallback callback) {
        long id = nextId++;
        pending.add(new long[] {deadlineNs, id});
        callbacks.add(callback);
        return id;
    }

    @Override
    public boolean cancel(long timerId) {
        for (int i = 0; i < pending.size(); i++) {
            if (pending.get(i)[1] == timerId) {
                pending.remove(i);
                callbacks.remove(i);
                return true;
            }
        }
        return false;
    }

    @Override
    public NanoClock clock() {
        return clock;
    }

    boolean isEmpty() {
        return pending.isEmpty();
    }

    /** Index of the earliest pending timer (ties: the first scheduled), or -1. */
    private int earliest() {
        int best = -1;
        for (int i = 0; i < pending.size(); i++) {
            if (best < 0 || pending.get(i)[0] - pending.get(best)[0] < 0
                    || (pending.get(i)[0] == pending.get(best)[0] && pending.get(i)[1] < pending.get(best)[1])) {
                best = i;
            }
        }
        return best;
    }

    /** Moves the clock to the next deadline (if later) and runs that one timer; false when none is pending. */
    boolean runNext() {
        int i = earliest();
        if (i < 0) {
            return false;
        }
        long[] timer = pending.remove(i);
        TimerCallback callback = callbacks.remove(i);
        if (timer[0] - clock.nanoTime() > 0) {
            clock.setNs(timer[0]);
        }
        callback.onTimer(timer[1], clock.nanoTime());
        return true;
    }
}

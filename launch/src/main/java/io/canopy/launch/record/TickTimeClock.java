package io.canopy.launch.record;

import io.canopy.tick.NanoClock;
import io.canopy.tick.TickTimer;
import java.util.Arrays;

/**
 * The node's clock while a real-time run is recorded: inside a timer's cycle, the tick thread reads the tick's time
 * (the instant the tick started, which the recording holds), everywhere else the base clock. So whatever a tree, a
 * machine or an observer reads during a tick is a recorded value, and a replay on the manual clock reads the same.
 * It also closes the {@link LinkGate} when the tick thread sees a timer fall due, that is just before the ticker
 * drains the inbox for it. Allocation-free; a thread other than the one in the cycle always reads the base clock.
 */
final class TickTimeClock implements NanoClock {
    private final NanoClock base;
    private final LinkGate gate;
    /** The thread inside a cycle, or null between cycles (written and read by that thread). */
    private Thread inCycle;
    /** The thread that runs the cycles (known from the first one on). */
    private Thread tickThread;
    private long tickNs;
    private TickTimer[] timers = new TickTimer[0];
    /** Per timer: the deadline of its last cycle (a read after that cycle finds it still "due"). */
    private long[] ran = new long[0];

    TickTimeClock(NanoClock base, LinkGate gate) {
        this.base = base;
        this.gate = gate;
    }

    /** Load time: the node's timers. */
    void timers(TickTimer[] all) {
        timers = all;
        ran = new long[all.length];
        Arrays.fill(ran, Long.MIN_VALUE);
    }

    /** Tick thread: timer {@code timer}'s cycle starts at {@code nowNs}. */
    void enter(int timer, long nowNs) {
        gate.close(); // normally closed already, when the due timer was seen
        if (timer < ran.length) {
            ran[timer] = timers[timer].nextDeadlineNs();
        }
        tickNs = nowNs;
        tickThread = Thread.currentThread();
        inCycle = tickThread;
    }

    /** Tick thread: the cycle ended. */
    void exit() {
        inCycle = null;
        gate.open();
    }

    @Override
    public long nanoTime() {
        Thread t = Thread.currentThread();
        if (inCycle == t) {
            return tickNs;
        }
        long now = base.nanoTime();
        if (t == tickThread && !gate.isClosed() && due(now)) {
            gate.close();
        }
        return now;
    }

    private boolean due(long now) {
        for (int i = 0; i < timers.length; i++) {
            long d = timers[i].nextDeadlineNs();
            if (d - now <= 0 && d != ran[i]) {
                return true;
            }
        }
        return false;
    }
}

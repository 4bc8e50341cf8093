package io.canopy.tick.realtime;

import io.canopy.tick.Ticker;

/**
 * Optional real-time settings the tick thread applies to itself when it starts (Linux only; each one that
 * the system refuses is reported in {@link Ticker#realtimeReport()} and logged, and the ticker runs anyway):
 * <ul>
 *   <li>{@link #fifoPriority(int)}: SCHED_FIFO at that priority (1-99); needs root or CAP_SYS_NICE (or an
 *       rtprio limit). Measured effect at 1 kHz: p99.9 lateness from milliseconds to ~0.1-0.2 ms on an idle
 *       machine.</li>
 *   <li>{@link #timerSlackNs(long)}: the thread's timer slack (the kernel's default is 50 us, added to
 *       every sleeping wake-up); 1 ns is the least. Always permitted for one's own thread.</li>
 *   <li>{@link #cpu(int)}: pins the thread to one CPU.</li>
 * </ul>
 * Immutable; {@link #NONE} asks for nothing.
 */
public final class RealtimeOptions {
    public static final RealtimeOptions NONE = new RealtimeOptions(0, -1, -1);

    private final int fifoPriority;
    private final long timerSlackNs;
    private final int cpu;

    private RealtimeOptions(int fifoPriority, long timerSlackNs, int cpu) {
        this.fifoPriority = fifoPriority;
        this.timerSlackNs = timerSlackNs;
        this.cpu = cpu;
    }

    /** SCHED_FIFO at {@code priority} 1-99; 0 leaves the scheduling policy alone. */
    public RealtimeOptions fifoPriority(int priority) {
        if (priority < 0 || priority > 99) {
            throw new IllegalArgumentException("SCHED_FIFO priority must be 1 to 99 (0: off): " + priority);
        }
        return new RealtimeOptions(priority, timerSlackNs, cpu);
    }

    /** The thread's timer slack in ns (at least 1); negative leaves it alone. */
    public RealtimeOptions timerSlackNs(long slackNs) {
        if (slackNs == 0) {
            throw new IllegalArgumentException("timer slack 0 means 'the process default' to Linux; ask for 1 ns");
        }
        return new RealtimeOptions(fifoPriority, slackNs < 0 ? -1 : slackNs, cpu);
    }

    /** Pins the thread to CPU {@code cpu} (0-based); negative leaves the affinity alone. */
    public RealtimeOptions cpu(int cpu) {
        return new RealtimeOptions(fifoPriority, timerSlackNs, cpu < 0 ? -1 : cpu);
    }

    public int fifoPriority() {
        return fifoPriority;
    }

    public long timerSlackNs() {
        return timerSlackNs;
    }

    public int cpu() {
        return cpu;
    }

    public boolean isNone() {
        return fifoPriority == 0 && timerSlackNs < 0 && cpu < 0;
    }

    @Override
    public String toString() {
        return isNone() ? "none" : "fifo " + (fifoPriority == 0 ? "off" : fifoPriority) + ", timer slack "
                + (timerSlackNs < 0 ? "default" : timerSlackNs + " ns") + ", cpu " + (cpu < 0 ? "any" : cpu);
    }
}

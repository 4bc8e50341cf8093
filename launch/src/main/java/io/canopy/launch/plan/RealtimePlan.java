package io.canopy.launch.plan;

import io.canopy.tick.realtime.IdleMode;
import io.canopy.tick.realtime.RealtimeOptions;

/**
 * The real-time settings of a {@code <node>} ({@code <realtime fifo="50" cpu="1" timer_slack_ns="1" io_fifo="49"/>}):
 * SCHED_FIFO priority, CPU pinning and timer slack for the node's tick thread, and a SCHED_FIFO priority for the
 * reader and writer threads of its serial links, so a sensor frame is read, and a motor command written, as soon as
 * it can be. Linux only; each setting the system refuses is logged once and the node runs without it.
 *
 * @param fifo         SCHED_FIFO priority of the tick thread, 1-99; 0 leaves the scheduling policy alone
 * @param cpu          the CPU the tick thread is pinned to; -1 for any
 * @param timerSlackNs the tick thread's timer slack in ns (1 is the least); -1 leaves the kernel's 50 µs
 * @param ioFifo       SCHED_FIFO priority of the serial links' threads, 1-99; 0 for none
 * @param idle         how the tick thread waits between ticks ({@code idle="park|park-then-spin|spin"}): the
 *                     default parks and spins the last 100 µs before a deadline; {@code spin} never parks, so an
 *                     input that wakes a tree ({@code wake_on}) is served without waking a parked thread, for a
 *                     whole core
 */
public record RealtimePlan(int fifo, int cpu, long timerSlackNs, int ioFifo, IdleMode idle, Source source) {
    /** Asks for nothing. */
    public static final RealtimePlan NONE = new RealtimePlan(0, -1, -1, 0, IdleMode.PARK_THEN_SPIN, null);

    /** What the tick thread applies to itself. */
    public RealtimeOptions tickThread() {
        return RealtimeOptions.NONE.fifoPriority(fifo).timerSlackNs(timerSlackNs).cpu(cpu);
    }

    /** What each serial link's reader and writer thread applies to itself. */
    public RealtimeOptions ioThreads() {
        return RealtimeOptions.NONE.fifoPriority(ioFifo);
    }
}

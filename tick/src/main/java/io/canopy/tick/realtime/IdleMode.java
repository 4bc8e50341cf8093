package io.canopy.tick.realtime;

/**
 * How the tick thread waits for the next deadline. Measured on a 2-core shared host at 1 kHz (see
 * bt-runtime/docs/ticker.md): parking alone is late by the kernel's timer slack (~50-85 us median);
 * parking then spinning the last tens of microseconds brings the median to ~0.1 us for a few percent of a
 * core; pure spinning burns a whole core and, without real-time priority, loses its CPU under load.
 */
public enum IdleMode {
    /** {@code LockSupport.parkNanos} to the deadline. Cheapest, latest. */
    PARK,
    /** Park until the spin threshold before the deadline, then spin. The default. */
    PARK_THEN_SPIN,
    /** Spin to the deadline ({@code Thread.onSpinWait}). A whole core. */
    SPIN
}

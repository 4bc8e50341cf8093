package io.canopy.tick;

/**
 * Cancellable one-shot timers on the ticker's clock (a deadline timer wheel): the Delay, Timeout, Sleep and
 * Timer nodes and delayed SCXML sends use them. Callbacks run on the tick thread, in deadline order, when
 * the owner polls the wheel (the ticker before each tick; on the manual clock, whenever time advances).
 * Only the tick thread calls these methods.
 */
public interface OneShotTimers {
    /** An id that no timer ever has. */
    long NULL_TIMER_ID = -1L;

    /** Schedules {@code callback} to run once at or after {@code deadlineNs}; returns its id for cancel. */
    long scheduleAt(long deadlineNs, TimerCallback callback);

    /** Cancels a pending timer; returns false when it already ran, was cancelled, or never existed. */
    boolean cancel(long timerId);

    /** The clock these deadlines are measured on. */
    NanoClock clock();
}

package io.canopy.tick;

/**
 * What a one-shot timer runs when it expires, on the tick thread. Implement it on a long-lived object (a
 * node instance, a machine instance) rather than with a capturing lambda, so scheduling allocates nothing.
 */
@FunctionalInterface
public interface TimerCallback {
    /**
     * @param timerId the id {@link OneShotTimers#scheduleAt} returned
     * @param nowNs   the clock when the timer was found expired (at or after its deadline)
     */
    void onTimer(long timerId, long nowNs);
}

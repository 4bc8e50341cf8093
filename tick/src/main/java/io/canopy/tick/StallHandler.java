package io.canopy.tick;

/**
 * The failsafe a {@link Watchdog} triggers when a tick runs past its budget: stop the motors, publish an
 * alarm. Runs on the watchdog thread, once per stalled tick, while the tick thread is still stuck: it must
 * not touch what the tick thread owns (trees, machines, blackboards); hand a stop command to the IO side
 * instead (a serial link's failsafe frame, an MQTT message).
 */
@FunctionalInterface
public interface StallHandler {
    /**
     * @param tickerRole  the ticker's role (its thread's name)
     * @param timerName   the timer whose tick stalled, {@code "one-shot timers"}, or
     *                    {@code "tick thread died: <error>"} when the tick thread ended on an error
     * @param stalledForNs how long the tick had been running when noticed
     */
    void onStall(String tickerRole, String timerName, long stalledForNs);
}

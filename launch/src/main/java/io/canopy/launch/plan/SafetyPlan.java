package io.canopy.launch.plan;

/**
 * The failsafe limits of a {@code <node>}: {@code stall_ms} (a tick running longer than this stops every
 * motor and raises {@code watchdog.stall}; 0 = three periods of the node's fastest timer) and
 * {@code command_timeout_ms} (a motor command source, a bound MQTT or blackboard set-point or the
 * diffdrive's {@code cmd_v}/{@code cmd_w}, not refreshed for this long puts its motors in their safe state).
 */
public record SafetyPlan(int stallMs, int commandTimeoutMs) {
    public static final int DEFAULT_COMMAND_TIMEOUT_MS = 500;

    /** The stall budget in nanoseconds for a node whose fastest timer runs at {@code fastestHz}. */
    public long stallNs(double fastestHz) {
        if (stallMs > 0) {
            return stallMs * 1_000_000L;
        }
        return fastestHz > 0 ? (long) (3e9 / fastestHz) : 100_000_000L;
    }
}

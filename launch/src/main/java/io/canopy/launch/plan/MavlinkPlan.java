package io.canopy.launch.plan;

/**
 * A MAVLink vehicle role ({@code <mavlink name link system component ...>}): a flight controller on a raw
 * link. Its events are {@code <name>.armed}, {@code <name>.mode_changed}, ...; its blackboard keys
 * {@code <name>_armed}, {@code <name>_x}, ...
 *
 * @param failsafe what the node's failsafe makes the vehicle do in the air: "hold" or "land"
 * @param holdMode the flight mode a "hold" failsafe also switches to (empty: only a zero-velocity setpoint)
 * @param streamHz the telemetry rate asked of the vehicle when its heartbeats start (0: ask nothing)
 */
public record MavlinkPlan(String name, String link, String timer, int system, int component, int ownSystem,
        int ownComponent, int heartbeatTimeoutMs, int heartbeatPeriodMs, int commandTimeoutMs, int commandRetries,
        int setpointPeriodMs, String failsafe, String holdMode, int streamHz, Source source) {
    /** The same role on {@code timerName}. */
    public MavlinkPlan withTimer(String timerName) {
        return new MavlinkPlan(name, link, timerName, system, component, ownSystem, ownComponent, heartbeatTimeoutMs,
                heartbeatPeriodMs, commandTimeoutMs, commandRetries, setpointPeriodMs, failsafe, holdMode, streamHz, source);
    }
}

package io.canopy.hardware.mavlink;

import io.canopy.InputException;

/**
 * How one MAVLink vehicle role talks to its flight controller.
 *
 * @param name               the role's name: prefix of its events ({@code <name>.armed}) and blackboard keys
 * @param targetSystem       the vehicle's system id (1 for a lone PX4 or ArduPilot)
 * @param targetComponent    the autopilot's component id (1)
 * @param ownSystem          Canopy's system id in the frames it sends (255, a ground station's, by default)
 * @param ownComponent       Canopy's component id (190, MAV_COMP_ID_MISSIONPLANNER, by default)
 * @param heartbeatTimeoutMs no HEARTBEAT for this long: the link is lost ({@code <name>.link_lost})
 * @param heartbeatPeriodMs  how often Canopy sends its own HEARTBEAT
 * @param commandTimeoutMs   a COMMAND_LONG without COMMAND_ACK after this long is sent again
 * @param commandRetries     resends before the command is given up ({@code TIMEOUT})
 * @param setpointPeriodMs   how often an active position or velocity setpoint is streamed (PX4 OFFBOARD needs &gt; 2 Hz)
 * @param failsafe           what the failsafe does while the vehicle is in the air
 * @param holdMode           the flight mode the failsafe switches to with {@link Failsafe#HOLD} (empty: none)
 * @param streamHz           when heartbeats start (or come back), ask the vehicle to send attitude and local
 *                           position at this rate, global position at half of it, battery and landed state at 1 Hz
 *                           (SET_MESSAGE_INTERVAL; ArduPilot sends little on USB unless asked); 0: ask nothing
 */
public record MavlinkConfig(String name, int targetSystem, int targetComponent, int ownSystem, int ownComponent,
        long heartbeatTimeoutMs, long heartbeatPeriodMs, long commandTimeoutMs, int commandRetries,
        long setpointPeriodMs, Failsafe failsafe, String holdMode, int streamHz) {

    /** What the failsafe does in the air; on the ground it always disarms. */
    public enum Failsafe {
        /** Zero-velocity setpoint (and the hold mode when one is given): stop where you are. */
        HOLD,
        /** MAV_CMD_NAV_LAND: land where you are. */
        LAND
    }

    /** Defaults: system 1 component 1, 3 s heartbeat timeout, 1 s heartbeat, 1 s x 3 command retries, 10 Hz setpoints, HOLD. */
    public static MavlinkConfig of(String name) {
        return new MavlinkConfig(name, 1, 1, 255, 190, 3000, 1000, 1000, 3, 100, Failsafe.HOLD, "", 10);
    }

    public MavlinkConfig withTarget(int system, int component) {
        return new MavlinkConfig(name, system, component, ownSystem, ownComponent, heartbeatTimeoutMs,
                heartbeatPeriodMs, commandTimeoutMs, commandRetries, setpointPeriodMs, failsafe, holdMode, streamHz);
    }

    public MavlinkConfig withTimeouts(long heartbeatTimeoutMs, long commandTimeoutMs, int commandRetries) {
        return new MavlinkConfig(name, targetSystem, targetComponent, ownSystem, ownComponent, heartbeatTimeoutMs,
                heartbeatPeriodMs, commandTimeoutMs, commandRetries, setpointPeriodMs, failsafe, holdMode, streamHz);
    }

    public MavlinkConfig withFailsafe(Failsafe failsafe, String holdMode) {
        return new MavlinkConfig(name, targetSystem, targetComponent, ownSystem, ownComponent, heartbeatTimeoutMs,
                heartbeatPeriodMs, commandTimeoutMs, commandRetries, setpointPeriodMs, failsafe,
                holdMode == null ? "" : holdMode, streamHz);
    }

    public MavlinkConfig withOwnIds(int system, int component, long heartbeatPeriodMs, long setpointPeriodMs, int streamHz) {
        return new MavlinkConfig(name, targetSystem, targetComponent, system, component, heartbeatTimeoutMs,
                heartbeatPeriodMs, commandTimeoutMs, commandRetries, setpointPeriodMs, failsafe, holdMode, streamHz);
    }

    /** Checks every value; one line naming the role, the value and the allowed range. */
    public MavlinkConfig validate() {
        String where = "mavlink '" + name + "': ";
        if (name == null || name.isBlank() || !name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw new InputException("mavlink: name '" + name + "' must be an identifier like fc (it prefixes"
                    + " blackboard keys and events)");
        }
        check(where, "system", targetSystem, 1, 255);
        check(where, "component", targetComponent, 0, 255);
        check(where, "own system", ownSystem, 1, 255);
        check(where, "own component", ownComponent, 0, 255);
        if (heartbeatTimeoutMs <= heartbeatPeriodMs || heartbeatPeriodMs <= 0) {
            throw new InputException(where + "heartbeat timeout " + heartbeatTimeoutMs + " ms must exceed the"
                    + " heartbeat period " + heartbeatPeriodMs + " ms (> 0); the usual values are 3000 and 1000");
        }
        if (streamHz < 0 || streamHz > 100) {
            throw new InputException(where + "stream rate " + streamHz + " Hz is outside 0..100");
        }
        if (commandTimeoutMs <= 0 || commandRetries < 0 || setpointPeriodMs <= 0) {
            throw new InputException(where + "command timeout " + commandTimeoutMs + " ms, retries "
                    + commandRetries + " and setpoint period " + setpointPeriodMs + " ms must be positive");
        }
        return this;
    }

    private static void check(String where, String what, int v, int min, int max) {
        if (v < min || v > max) {
            throw new InputException(where + what + " id " + v + " is outside " + min + ".." + max);
        }
    }
}

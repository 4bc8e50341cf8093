package io.canopy.hardware.mavlink;

import static io.canopy.hardware.mavlink.MavlinkVehicle.ARMED;
import static io.canopy.hardware.mavlink.MavlinkVehicle.AUTOPILOT;
import static io.canopy.hardware.mavlink.MavlinkVehicle.LANDED_ON_GROUND;
import static io.canopy.hardware.mavlink.MavlinkVehicle.LANDED_STATE;
import static io.canopy.hardware.mavlink.MavlinkVehicle.MAV_CMD_COMPONENT_ARM_DISARM;
import static io.canopy.hardware.mavlink.MavlinkVehicle.MAV_CMD_DO_SET_MODE;
import static io.canopy.hardware.mavlink.MavlinkVehicle.MAV_CMD_NAV_LAND;
import static io.canopy.hardware.mavlink.MavlinkVehicle.STATE_SIZE;
import static io.canopy.hardware.mavlink.MavlinkVehicle.VEHICLE_TYPE;

/**
 * The failsafe action, from any thread (the caller serialises it): stops the setpoint stream, then from the
 * vehicle's latest state disarms it on the ground, or in the air lands it or holds it (a zero-velocity setpoint
 * and the configured hold mode). Its frames go out at once, unacknowledged, from its own buffer.
 */
final class VehicleFailsafe {
    private final MavlinkConfig config;
    private final VehicleTelemetry telemetry;
    private final SetpointStream setpoints;
    private final FrameSender sender;
    private final byte[] safePayload = new byte[255];

    VehicleFailsafe(MavlinkConfig config, VehicleTelemetry telemetry, SetpointStream setpoints, FrameSender sender) {
        this.config = config;
        this.telemetry = telemetry;
        this.setpoints = setpoints;
        this.sender = sender;
    }

    void run() {
        setpoints.requestStop();
        double[] s = new double[STATE_SIZE]; // not on the tick path: the failsafe may run on the watchdog thread
        telemetry.snapshot(s);
        boolean armed = s[ARMED] == 1;
        boolean ground = Double.isNaN(s[LANDED_STATE]) ? !armed : s[LANDED_STATE] == LANDED_ON_GROUND;
        byte[] b = safePayload;
        if (ground) {
            if (armed) {
                commandNow(b, MAV_CMD_COMPONENT_ARM_DISARM, 0, Float.NaN);
            }
            return;
        }
        if (config.failsafe() == MavlinkConfig.Failsafe.LAND) {
            commandNow(b, MAV_CMD_NAV_LAND, Float.NaN, Float.NaN);
            return;
        }
        setpoints.encodeSetpoint(b, SetpointStream.MASK_VELOCITY, 0, 0, 0, 0);
        sender.send(MavlinkMessages.SET_POSITION_TARGET_LOCAL_NED, b);
        if (!config.holdMode().isEmpty()) {
            int autopilot = (int) s[AUTOPILOT];
            long custom = FlightModes.customMode(autopilot, (int) s[VEHICLE_TYPE], config.holdMode());
            if (custom >= 0) {
                FrameSender.clear(b, MavlinkMessages.COMMAND_LONG);
                Le.putF32(b, Offsets.CL_PARAM1, 1);
                Le.putF32(b, Offsets.CL_PARAM1 + 4, FlightModes.isPx4(autopilot) ? (custom >>> 16) & 0xFF : custom);
                Le.putF32(b, Offsets.CL_PARAM1 + 8, FlightModes.isPx4(autopilot) ? (custom >>> 24) & 0xFF : 0);
                Le.put16(b, Offsets.CL_COMMAND, MAV_CMD_DO_SET_MODE);
                Le.put8(b, Offsets.CL_TARGET_SYSTEM, config.targetSystem());
                Le.put8(b, Offsets.CL_TARGET_COMPONENT, config.targetComponent());
                sender.send(MavlinkMessages.COMMAND_LONG, b);
            }
        }
    }

    private void commandNow(byte[] b, int command, float p1, float p4) {
        FrameSender.clear(b, MavlinkMessages.COMMAND_LONG);
        Le.putF32(b, Offsets.CL_PARAM1, Float.isNaN(p1) ? 0 : p1);
        if (command == MAV_CMD_NAV_LAND) {
            Le.putF32(b, Offsets.CL_PARAM1 + 12, p4);
            Le.putF32(b, Offsets.CL_PARAM1 + 16, Float.NaN);
            Le.putF32(b, Offsets.CL_PARAM1 + 20, Float.NaN);
            Le.putF32(b, Offsets.CL_PARAM1 + 24, Float.NaN);
        }
        Le.put16(b, Offsets.CL_COMMAND, command);
        Le.put8(b, Offsets.CL_TARGET_SYSTEM, config.targetSystem());
        Le.put8(b, Offsets.CL_TARGET_COMPONENT, config.targetComponent());
        sender.send(MavlinkMessages.COMMAND_LONG, b);
    }
}

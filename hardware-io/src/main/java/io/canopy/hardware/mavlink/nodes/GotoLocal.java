package io.canopy.hardware.mavlink.nodes;

import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.StatefulAction;
import io.canopy.bt.Status;
import io.canopy.hardware.mavlink.MavlinkVehicle;

/**
 * Flies to a point of the local NED frame (metres; z is negative above home) by streaming
 * SET_POSITION_TARGET_LOCAL_NED: RUNNING until within {@code tolerance}, then SUCCESS (the setpoint stays, so the
 * vehicle holds there); FAILURE when the link is lost, a failsafe holds the vehicle (until a tree sets a mode
 * again) or {@code timeout_ms} passes. A halt holds the vehicle where it is.
 */
public final class GotoLocal extends StatefulAction {
    public static final NodeType TYPE = NodeType.action("MavGoToLocal", GotoLocal::new,
            Port.input("x", PortType.DOUBLE).required().describe("north, metres"),
            Port.input("y", PortType.DOUBLE).required().describe("east, metres"),
            Port.input("z", PortType.DOUBLE).required().describe("down, metres (negative above home)"),
            Port.input("yaw", PortType.DOUBLE).describe("heading in rad (default: keep)"),
            Port.input("tolerance", PortType.DOUBLE).withDefault("0.3").describe("arrival radius, metres"),
            VehicleCommand.VEHICLE, VehicleCommand.TIMEOUT.withDefault("60000"))
            .describe("Fly a MAVLink vehicle to a local NED point (guided or offboard mode)");

    private final MavlinkVehicle vehicle;
    private final Input x;
    private final Input y;
    private final Input z;
    private final Input yaw;
    private final Input tolerance;
    private final Input timeoutMs;
    private long startNs;

    GotoLocal(NodeInit init) {
        super(init);
        vehicle = VehicleCommand.vehicle(init);
        x = init.input("x");
        y = init.input("y");
        z = init.input("z");
        yaw = init.optionalInput("yaw");
        tolerance = init.input("tolerance");
        timeoutMs = init.input("timeout_ms");
    }

    @Override
    protected Status onStart() {
        startNs = context.clock().nanoTime();
        return onRunning();
    }

    @Override
    protected Status onRunning() {
        if (!vehicle.connected() || vehicle.held()) {
            return Status.FAILURE; // the link is lost, or a failsafe holds the vehicle until a tree sets a mode
        }
        double tx = x.getDouble();
        double ty = y.getDouble();
        double tz = z.getDouble();
        vehicle.setPositionTarget(tx, ty, tz, yaw == null ? Double.NaN : yaw.getDouble());
        double dx = vehicle.state(MavlinkVehicle.X) - tx;
        double dy = vehicle.state(MavlinkVehicle.Y) - ty;
        double dz = vehicle.state(MavlinkVehicle.Z) - tz;
        if (Math.sqrt(dx * dx + dy * dy + dz * dz) <= tolerance.getDouble()) {
            return Status.SUCCESS;
        }
        return context.clock().nanoTime() - startNs > timeoutMs.getLong() * 1_000_000L ? Status.FAILURE : Status.RUNNING;
    }

    @Override
    protected void onHalted() {
        double px = vehicle.state(MavlinkVehicle.X);
        if (!Double.isNaN(px)) {
            vehicle.setPositionTarget(px, vehicle.state(MavlinkVehicle.Y), vehicle.state(MavlinkVehicle.Z), Double.NaN);
        }
    }
}

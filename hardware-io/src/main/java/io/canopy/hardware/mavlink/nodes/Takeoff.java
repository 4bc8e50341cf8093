package io.canopy.hardware.mavlink.nodes;

import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.hardware.mavlink.MavlinkVehicle;

/** Takes off to {@code altitude} metres above home (armed, in a guided mode): SUCCESS within {@code tolerance}. */
public final class Takeoff extends VehicleCommand {
    public static final NodeType TYPE = NodeType.action("MavTakeoff", Takeoff::new,
            Port.input("altitude", PortType.DOUBLE).required().describe("metres above home"),
            Port.input("tolerance", PortType.DOUBLE).withDefault("0.3").describe("metres"),
            VEHICLE, TIMEOUT).describe("Take off a MAVLink vehicle (NAV_TAKEOFF) and wait for the altitude");

    private final Input altitude;
    private final Input tolerance;

    Takeoff(NodeInit init) {
        super(init);
        altitude = init.input("altitude");
        tolerance = init.input("tolerance");
    }

    @Override
    protected int send() {
        return vehicle.takeoff(altitude.getDouble());
    }

    @Override
    protected boolean done() {
        return vehicle.state(MavlinkVehicle.REL_ALT) >= altitude.getDouble() - tolerance.getDouble();
    }
}

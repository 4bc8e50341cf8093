package io.canopy.hardware.mavlink.nodes;

import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;

/**
 * Switches the flight mode by name (GUIDED, LOITER, RTL for ArduPilot; OFFBOARD, AUTO.LOITER for PX4):
 * SUCCESS once the heartbeat shows the mode; FAILURE for a name the autopilot does not have.
 */
public final class SetMode extends VehicleCommand {
    public static final NodeType TYPE = NodeType.action("MavSetMode", SetMode::new,
            Port.input("mode", PortType.STRING).required().describe("flight mode name, e.g. GUIDED or OFFBOARD"),
            VEHICLE, TIMEOUT).describe("Set the flight mode of a MAVLink vehicle (DO_SET_MODE)");

    private final Input mode;
    private String wanted;

    SetMode(NodeInit init) {
        super(init);
        mode = init.input("mode");
    }

    @Override
    protected int send() {
        wanted = mode.getString();
        return vehicle.setMode(wanted);
    }

    @Override
    protected boolean done() {
        String m = vehicle.modeName();
        return m != null && m.equalsIgnoreCase(wanted);
    }
}

package io.canopy.hardware.mavlink.nodes;

import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;

/** Lands where the vehicle is: SUCCESS once it reports itself on the ground. */
public final class Land extends VehicleCommand {
    public static final NodeType TYPE = NodeType.action("MavLand", Land::new, VEHICLE,
            TIMEOUT.withDefault("60000")).describe("Land a MAVLink vehicle (NAV_LAND) and wait until it is on the ground");

    Land(NodeInit init) {
        super(init);
    }

    @Override
    protected int send() {
        vehicle.clearSetpoint();
        return vehicle.land();
    }

    @Override
    protected boolean done() {
        return vehicle.onGround();
    }
}

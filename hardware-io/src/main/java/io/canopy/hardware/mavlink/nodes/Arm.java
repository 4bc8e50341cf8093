package io.canopy.hardware.mavlink.nodes;

import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;

/** Arms (or with {@code arm="false"} disarms) the vehicle: SUCCESS once the heartbeat shows it. */
public final class Arm extends VehicleCommand {
    public static final NodeType TYPE = NodeType.action("MavArm", Arm::new,
            Port.input("arm", PortType.BOOLEAN).withDefault("true").describe("true: arm, false: disarm"),
            VEHICLE, TIMEOUT).describe("Arm or disarm a MAVLink vehicle (COMPONENT_ARM_DISARM)");

    private final boolean arm;

    Arm(NodeInit init) {
        super(init);
        arm = init.input("arm").getBoolean();
    }

    @Override
    protected int send() {
        return vehicle.arm(arm);
    }

    @Override
    protected boolean done() {
        return vehicle.armed() == arm;
    }
}

package io.canopy.hardware.dynamixel.nodes;

import io.canopy.InputException;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.hardware.dynamixel.DynamixelBuses;

/** Registers the Dynamixel node types; the ports and the servo lookup they share. */
public final class DynamixelNodes {
    static final Port BUS = Port.input("bus", PortType.STRING).withDefault("")
            .describe("name of the dynamixel bus (empty: the only one)");

    private DynamixelNodes() {}

    /** Adds DxlMoveTo and DxlTorque to {@code registry}; returns it. */
    public static NodeRegistry register(NodeRegistry registry) {
        return registry.register(DxlMoveTo.TYPE).register(DxlTorque.TYPE);
    }

    /**
     * The servo the node names, or null when the tree is loaded without buses (checking a tree file on its own);
     * a load error naming the known buses and servos when the name is wrong.
     */
    static DynamixelBuses.Servo servo(NodeInit init, String servoName) {
        DynamixelBuses buses = init.context().service(DynamixelBuses.class);
        if (buses == null) {
            return null;
        }
        try {
            return buses.find(init.text("bus"), servoName);
        } catch (InputException e) {
            throw init.error(e.getMessage());
        }
    }
}

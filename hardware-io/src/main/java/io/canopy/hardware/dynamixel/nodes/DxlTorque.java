package io.canopy.hardware.dynamixel.nodes;

import io.canopy.InputException;
import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.StatefulAction;
import io.canopy.bt.Status;
import io.canopy.hardware.dynamixel.DynamixelBus;
import io.canopy.hardware.dynamixel.DynamixelBuses;

/**
 * Torque on for every servo of a bus ({@code enable="true"}: also lets goals through again after a failsafe) or
 * off ({@code enable="false"}: the servos go limp and goals are held back, as the failsafe does). RUNNING until
 * the bus thread has done it (a bus cycle or two), then SUCCESS; FAILURE when loaded without a bus.
 */
public final class DxlTorque extends StatefulAction {
    public static final NodeType TYPE = NodeType.action("DxlTorque", DxlTorque::new,
            Port.input("enable", PortType.BOOLEAN).withDefault("true")
                    .describe("true: torque on and goals resume; false: torque off"),
            DynamixelNodes.BUS).describe("Turn a Dynamixel bus's torque on (resuming after a failsafe) or off");

    private final DynamixelBus bus;
    private final Input enable;
    private boolean on;

    DxlTorque(NodeInit init) {
        super(init);
        DynamixelBuses buses = init.context().service(DynamixelBuses.class);
        try {
            bus = buses == null ? null : buses.bus(init.text("bus"));
        } catch (InputException e) {
            throw init.error(e.getMessage());
        }
        enable = init.input("enable");
    }

    @Override
    protected Status onStart() {
        if (bus == null) {
            return Status.FAILURE; // loaded without a bus (a tree checked on its own)
        }
        on = enable.getBoolean();
        if (on) {
            bus.resume();
        } else {
            bus.failsafe();
        }
        return Status.RUNNING;
    }

    @Override
    protected Status onRunning() {
        return bus.stopped() != on ? Status.SUCCESS : Status.RUNNING;
    }

    @Override
    protected void onHalted() {
        // the request already went to the bus thread
    }
}

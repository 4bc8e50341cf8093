package io.canopy.hardware.dynamixel.nodes;

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
 * Moves one servo to {@code position} (rad, 0 at the middle of its range): sets the goal on start (and again
 * when the port's value changes), RUNNING until the present position is within {@code tolerance}, then SUCCESS
 * (the goal stays). FAILURE when the failsafe holds the bus (torque off: resume with {@code DxlTorque}), or
 * {@code timeout_ms} passes first. A halt leaves the goal where it was.
 */
public final class DxlMoveTo extends StatefulAction {
    public static final NodeType TYPE = NodeType.action("DxlMoveTo", DxlMoveTo::new,
            Port.input("servo", PortType.STRING).required().describe("the servo's name (its servo element in the launch file)"),
            Port.input("position", PortType.DOUBLE).required().describe("goal position, rad (0: middle of the range)"),
            Port.input("tolerance", PortType.DOUBLE).withDefault("0.02").describe("arrival tolerance, rad"),
            Port.input("timeout_ms", PortType.INT).withDefault("5000").describe("FAILURE when not reached in time"),
            DynamixelNodes.BUS).describe("Move a Dynamixel servo to a goal position and wait until it is there");

    private final DynamixelBuses.Servo servo;
    private final Input position;
    private final Input tolerance;
    private final Input timeoutMs;
    private long startNs;

    DxlMoveTo(NodeInit init) {
        super(init);
        servo = DynamixelNodes.servo(init, init.text("servo"));
        position = init.input("position");
        tolerance = init.input("tolerance");
        timeoutMs = init.input("timeout_ms");
    }

    @Override
    protected Status onStart() {
        if (servo == null) {
            return Status.FAILURE; // loaded without a bus (a tree checked on its own)
        }
        startNs = context.clock().nanoTime();
        return onRunning();
    }

    @Override
    protected Status onRunning() {
        DynamixelBus bus = servo.bus();
        if (bus.stopped()) {
            return Status.FAILURE;
        }
        double goal = position.getDouble();
        bus.setGoal(servo.index(), goal);
        double now = bus.position(servo.index());
        if (Math.abs(now - goal) <= tolerance.getDouble()) {
            return Status.SUCCESS;
        }
        return context.clock().nanoTime() - startNs > timeoutMs.getLong() * 1_000_000L ? Status.FAILURE : Status.RUNNING;
    }

    @Override
    protected void onHalted() {
        // the goal stays: the servo finishes the move it was given, as a position-mode servo does
    }
}

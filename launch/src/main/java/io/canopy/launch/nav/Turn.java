package io.canopy.launch.nav;

import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.StatefulAction;
import io.canopy.bt.Status;

/**
 * Turns the base on the spot by {@code angle} radians (positive: counter-clockwise) from its heading when
 * started. RUNNING until the heading is within 0.05 rad of the goal, then SUCCESS with the base stopped;
 * FAILURE without odometry. Halting it stops the base.
 */
final class Turn extends StatefulAction {
    static final NodeType TYPE = NodeType.action("Turn", Turn::new,
            Port.input("angle", PortType.DOUBLE).required().describe("angle to turn in radians, positive counter-clockwise"),
            Port.input("speed", PortType.DOUBLE).withDefault("1.2").describe("turn rate in rad/s"))
            .describe("Turn a differential base on the spot by an angle, using odometry");

    private final Input angle;
    private final Input speed;
    private final Pose pose;
    private double goal;

    Turn(NodeInit init) {
        super(init);
        angle = init.input("angle");
        speed = init.input("speed");
        pose = new Pose(init.blackboard());
    }

    @Override
    protected Status onStart() {
        if (!pose.known()) {
            return Status.FAILURE;
        }
        goal = Pose.normalise(pose.theta.doubleValue() + angle.getDouble());
        return onRunning();
    }

    @Override
    protected Status onRunning() {
        double err = Pose.normalise(goal - pose.theta.doubleValue());
        if (Math.abs(err) < 0.05) {
            pose.command(0, 0);
            return Status.SUCCESS;
        }
        double rate = speed.getDouble();
        pose.command(0, Math.max(-rate, Math.min(rate, 3 * err)));
        return Status.RUNNING;
    }

    @Override
    protected void onHalted() {
        pose.command(0, 0);
    }
}

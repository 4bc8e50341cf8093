package io.canopy.launch.nav;

import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.StatefulAction;
import io.canopy.bt.Status;

/**
 * Drives the base to the point ({@code x}, {@code y}) of the odometry frame: turns on the spot while the
 * heading error is above 0.5 rad, else drives with a proportional heading correction, slowing down in the
 * last half metre. RUNNING until within {@code tolerance}, then SUCCESS with the base stopped; FAILURE when
 * there is no odometry yet. Halting it stops the base.
 */
final class DriveTo extends StatefulAction {
    static final NodeType TYPE = NodeType.action("DriveTo", DriveTo::new,
            Port.input("x", PortType.DOUBLE).required().describe("goal x in metres (odometry frame)"),
            Port.input("y", PortType.DOUBLE).required().describe("goal y in metres (odometry frame)"),
            Port.input("tolerance", PortType.DOUBLE).withDefault("0.1").describe("arrival radius in metres"),
            Port.input("speed", PortType.DOUBLE).withDefault("0.3").describe("cruise speed in m/s"))
            .describe("Drive a differential base to a point, using odometry (odom_x, odom_y, odom_theta) and commanding cmd_v, cmd_w");

    private final Input x;
    private final Input y;
    private final Input tolerance;
    private final Input speed;
    private final Pose pose;

    DriveTo(NodeInit init) {
        super(init);
        x = init.input("x");
        y = init.input("y");
        tolerance = init.input("tolerance");
        speed = init.input("speed");
        pose = new Pose(init.blackboard());
    }

    @Override
    protected Status onStart() {
        return pose.known() ? onRunning() : Status.FAILURE;
    }

    @Override
    protected Status onRunning() {
        double dx = x.getDouble() - pose.x.doubleValue();
        double dy = y.getDouble() - pose.y.doubleValue();
        double dist = Math.hypot(dx, dy);
        if (dist <= tolerance.getDouble()) {
            pose.command(0, 0);
            return Status.SUCCESS;
        }
        double err = Pose.normalise(Math.atan2(dy, dx) - pose.theta.doubleValue());
        double w = Math.max(-1.5, Math.min(1.5, 2.5 * err));
        double v = Math.abs(err) > 0.5 ? 0 : speed.getDouble() * Math.min(1, dist / 0.5 + 0.2);
        pose.command(v, w);
        return Status.RUNNING;
    }

    @Override
    protected void onHalted() {
        pose.command(0, 0);
    }
}

package io.canopy.launch.nav;

import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.StatefulAction;
import io.canopy.bt.Status;

/**
 * Drives the base straight for {@code distance} metres (negative: backwards) at {@code speed}. RUNNING until
 * the odometry has moved that far from where it started, then SUCCESS with the base stopped; FAILURE without
 * odometry. Halting it stops the base.
 */
final class Move extends StatefulAction {
    static final NodeType TYPE = NodeType.action("Move", Move::new,
            Port.input("distance", PortType.DOUBLE).required().describe("distance in metres, negative backwards"),
            Port.input("speed", PortType.DOUBLE).withDefault("0.2").describe("speed in m/s"))
            .describe("Drive a differential base straight for a distance, using odometry");

    private final Input distance;
    private final Input speed;
    private final Pose pose;
    private double startX;
    private double startY;

    Move(NodeInit init) {
        super(init);
        distance = init.input("distance");
        speed = init.input("speed");
        pose = new Pose(init.blackboard());
    }

    @Override
    protected Status onStart() {
        if (!pose.known()) {
            return Status.FAILURE;
        }
        startX = pose.x.doubleValue();
        startY = pose.y.doubleValue();
        return onRunning();
    }

    @Override
    protected Status onRunning() {
        double d = distance.getDouble();
        double moved = Math.hypot(pose.x.doubleValue() - startX, pose.y.doubleValue() - startY);
        if (moved >= Math.abs(d)) {
            pose.command(0, 0);
            return Status.SUCCESS;
        }
        pose.command(Math.copySign(Math.abs(speed.getDouble()), d), 0);
        return Status.RUNNING;
    }

    @Override
    protected void onHalted() {
        pose.command(0, 0);
    }
}

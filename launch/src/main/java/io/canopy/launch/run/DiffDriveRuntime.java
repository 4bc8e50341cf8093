package io.canopy.launch.run;

import io.canopy.bt.Blackboard;
import io.canopy.bt.Entry;
import io.canopy.expr.ValueKind;
import io.canopy.hardware.device.LatestReading;
import io.canopy.hardware.device.MotorController;
import io.canopy.launch.nav.DiffDriveKeys;
import io.canopy.launch.plan.DiffDrivePlan;
import io.canopy.launch.plan.MotorPlan;
import io.canopy.launch.plan.NodePlan;
import io.canopy.tick.TickListener;
import io.canopy.tick.TickTimer;

/**
 * A {@code <diffdrive>} on its timer (tick thread): integrates the two wheels' encoder positions into
 * odometry on the root blackboard and turns the blackboard's {@code cmd_v}/{@code cmd_w} into wheel
 * velocity set-points (scaled down together when a wheel would exceed {@code max_speed}). Allocates nothing.
 */
public final class DiffDriveRuntime implements TickListener {
    final DiffDrivePlan plan;
    private final MotorController leftController;
    private final MotorController rightController;
    private final int leftId;
    private final int rightId;
    private final LatestReading left;
    private final LatestReading right;
    private final double[] reading = new double[4];
    private final Entry odomX;
    private final Entry odomY;
    private final Entry odomTheta;
    private final Entry odomV;
    private final Entry cmdV;
    private final Entry cmdW;
    private long leftSeen;
    private long rightSeen;
    private double leftPos;
    private double rightPos;
    private boolean primed;
    private double x;
    private double y;
    private double theta;
    private long lastNs;
    private volatile double xView;
    private volatile double yView;
    private volatile double thetaView;
    private final TickTimer timer;
    private boolean moving;
    private volatile long stoppedAtTick = -1;

    /**
     * The node's {@code <diffdrive>} (null without one): odometry in the sense phase of its timer, wheel commands in
     * the act phase, its command entries watched by the failsafe.
     */
    static DiffDriveRuntime build(NodePlan plan, NodeHardware hardware, Blackboard blackboard, NodeCycles cycles) {
        DiffDrivePlan d = plan.diffDrive();
        if (d == null) {
            return null;
        }
        MotorPlan l = plan.motor(d.left());
        MotorPlan r = plan.motor(d.right());
        DiffDriveRuntime drive = new DiffDriveRuntime(d, hardware.links.get(l.link()).motors, l.motorId(),
                hardware.links.get(r.link()).motors, r.motorId(), blackboard, cycles.timer(d.timer()));
        cycles.of(d.timer()).sense.add(drive);
        cycles.of(d.timer()).act.add(drive.commands());
        hardware.failsafe.watchCommands("diffdrive cmd_v/cmd_w", drive.commandEntries(), drive.controllers());
        return drive;
    }

    DiffDriveRuntime(DiffDrivePlan plan, MotorController leftController, int leftId, MotorController rightController,
            int rightId, Blackboard root, TickTimer timer) {
        this.plan = plan;
        this.timer = timer;
        this.leftController = leftController;
        this.rightController = rightController;
        this.leftId = leftId;
        this.rightId = rightId;
        this.left = leftController.state(leftId);
        this.right = rightController.state(rightId);
        odomX = root.entry(DiffDriveKeys.ODOM_X, ValueKind.DOUBLE);
        odomY = root.entry(DiffDriveKeys.ODOM_Y, ValueKind.DOUBLE);
        odomTheta = root.entry(DiffDriveKeys.ODOM_THETA, ValueKind.DOUBLE);
        odomV = root.entry(DiffDriveKeys.ODOM_V, ValueKind.DOUBLE);
        cmdV = root.entry(DiffDriveKeys.CMD_V, ValueKind.DOUBLE);
        cmdW = root.entry(DiffDriveKeys.CMD_W, ValueKind.DOUBLE);
        x = plan.x();
        y = plan.y();
        theta = plan.theta();
        xView = x;
        yView = y;
        thetaView = theta;
    }

    private final TickListener commands = this::command;

    /** Odometry: before the machines and trees of the tick. */
    @Override
    public void onTick(long nowNs) {
        odometry(nowNs);
    }

    /** The set-point listener: after the trees of the tick, so their command goes out in the same tick. */
    TickListener commands() {
        return commands;
    }

    private void command(long nowNs) {
        if (cmdV.hasValue() || cmdW.hasValue()) {
            double v = cmdV.hasValue() ? cmdV.doubleValue() : 0;
            double w = cmdW.hasValue() ? cmdW.doubleValue() : 0;
            double vl = v - w * plan.trackM() / 2;
            double vr = v + w * plan.trackM() / 2;
            double fastest = Math.max(Math.abs(vl), Math.abs(vr));
            if (fastest > plan.maxSpeedMps()) {
                vl *= plan.maxSpeedMps() / fastest;
                vr *= plan.maxSpeedMps() / fastest;
            }
            leftController.setVelocity(leftId, vl / plan.wheelRadiusM());
            rightController.setVelocity(rightId, vr / plan.wheelRadiusM());
            boolean now = vl != 0 || vr != 0;
            if (moving && !now) {
                stoppedAtTick = timer.ticks();
            }
            moving = now;
        }
    }

    private void odometry(long nowNs) {
        long lc = left.count();
        long rc = right.count();
        if (lc == leftSeen || rc == rightSeen) {
            if (!primed) {
                publish(0);
            }
            return;
        }
        leftSeen = lc;
        rightSeen = rc;
        left.read(reading);
        double lp = reading[MotorController.POSITION];
        right.read(reading);
        double rp = reading[MotorController.POSITION];
        double v = 0;
        if (primed) {
            double dl = (lp - leftPos) * plan.wheelRadiusM();
            double dr = (rp - rightPos) * plan.wheelRadiusM();
            double ds = (dl + dr) / 2;
            double dTheta = (dr - dl) / plan.trackM();
            x += ds * Math.cos(theta + dTheta / 2);
            y += ds * Math.sin(theta + dTheta / 2);
            theta = normalise(theta + dTheta);
            double dt = (nowNs - lastNs) / 1e9;
            v = dt > 0 ? ds / dt : 0;
        }
        primed = true;
        lastNs = nowNs;
        leftPos = lp;
        rightPos = rp;
        publish(v);
    }

    private void publish(double v) {
        odomX.setDouble(x);
        odomY.setDouble(y);
        odomTheta.setDouble(theta);
        odomV.setDouble(v);
        xView = x;
        yView = y;
        thetaView = theta;
    }

    private static double normalise(double a) {
        while (a > Math.PI) {
            a -= 2 * Math.PI;
        }
        while (a <= -Math.PI) {
            a += 2 * Math.PI;
        }
        return a;
    }

    /** The command source the failsafe watches: {@code cmd_v} and {@code cmd_w}. */
    Entry[] commandEntries() {
        return new Entry[] {cmdV, cmdW};
    }

    /** The controllers of the two wheels (one array entry if they share a link). */
    MotorController[] controllers() {
        return leftController == rightController ? new MotorController[] {leftController}
                : new MotorController[] {leftController, rightController};
    }

    /** Any thread: the tick (count of its timer's completed ticks) at which the wheels were last commanded to stop, or -1. */
    long stoppedAtTick() {
        return stoppedAtTick;
    }

    /** Any thread: the latest pose as {@code x y theta}. */
    public double x() {
        return xView;
    }

    public double y() {
        return yView;
    }

    public double theta() {
        return thetaView;
    }
}

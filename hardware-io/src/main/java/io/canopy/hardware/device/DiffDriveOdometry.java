package io.canopy.hardware.device;

import io.canopy.tick.TickListener;

/**
 * Odometry of a differential-drive base from its wheel encoders (the {@code MotorState.position} of
 * the left and right motors), integrated on the tick thread: the pose {@code [x_m, y_m, theta_rad]} is
 * published as a {@link LatestReading}, so a {@link BlackboardBridge} can bind it like any reading. Add it
 * to the timer before the bridge's inputs. Allocation-free.
 */
public final class DiffDriveOdometry implements TickListener {
    public static final int X_M = 0;
    public static final int Y_M = 1;
    public static final int THETA_RAD = 2;

    private final LatestReading left;
    private final LatestReading right;
    private final double wheelRadiusM;
    private final double trackM;
    private final LatestReading pose;
    private final double[] scratch = new double[4];
    private double x;
    private double y;
    private double theta;
    private double lastLeftRad;
    private double lastRightRad;
    private long lastLeftCount;
    private long lastRightCount;
    private boolean started;

    /**
     * @param motors       the controller whose motor states carry the encoder positions (rad)
     * @param leftMotor    id of the left wheel's motor
     * @param rightMotor   id of the right wheel's motor
     * @param wheelRadiusM wheel radius, m
     * @param trackM       distance between the wheels, m
     */
    public DiffDriveOdometry(MotorController motors, int leftMotor, int rightMotor, double wheelRadiusM, double trackM) {
        if (wheelRadiusM <= 0 || trackM <= 0) {
            throw new IllegalArgumentException("odometry needs a positive wheel radius and track, got "
                    + wheelRadiusM + " m and " + trackM + " m");
        }
        this.left = motors.state(leftMotor);
        this.right = motors.state(rightMotor);
        this.wheelRadiusM = wheelRadiusM;
        this.trackM = trackM;
        this.pose = new LatestReading("odometry", 4);
    }

    /** Starts from this pose (tick thread, or before the ticker starts). */
    public void reset(double xM, double yM, double thetaRad) {
        x = xM;
        y = yM;
        theta = thetaRad;
    }

    @Override
    public void onTick(long nowNs) {
        long lc = left.count();
        long rc = right.count();
        if (lc == 0 || rc == 0 || (lc == lastLeftCount && rc == lastRightCount)) {
            return;
        }
        lastLeftCount = lc;
        lastRightCount = rc;
        left.read(scratch);
        double l = scratch[MotorController.POSITION];
        right.read(scratch);
        double r = scratch[MotorController.POSITION];
        if (started) {
            double dl = (l - lastLeftRad) * wheelRadiusM;
            double dr = (r - lastRightRad) * wheelRadiusM;
            double ds = (dl + dr) / 2;
            double dTheta = (dr - dl) / trackM;
            x += ds * Math.cos(theta + dTheta / 2);
            y += ds * Math.sin(theta + dTheta / 2);
            theta = Math.atan2(Math.sin(theta + dTheta), Math.cos(theta + dTheta));
        }
        started = true;
        lastLeftRad = l;
        lastRightRad = r;
        pose.publish(nowNs, x, y, theta, 0);
    }

    /** The pose {@code [x_m, y_m, theta_rad, 0]} and when it was last updated. */
    public LatestReading pose() {
        return pose;
    }
}

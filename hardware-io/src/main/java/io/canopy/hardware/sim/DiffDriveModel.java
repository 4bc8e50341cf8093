package io.canopy.hardware.sim;

import io.canopy.proto.FaultFlag;
import io.canopy.proto.MotorCommand;

/**
 * The physics of the simulated base, stepped explicitly (deterministic, no threads, no clock of its
 * own): two wheels (0 = left, 1 = right) with a first-order velocity response and encoders, odometry of
 * the differential drive, a forward range sensor in a rectangular room with one box-shaped obstacle, and
 * a battery that drains with motor effort. Commands carry {@code timeout_ms}: a wheel whose last command
 * is older stops and reports {@link FaultFlag#FAULT_COMMAND_TIMEOUT} (a stop command never times out).
 *
 * <p>Not thread-safe; {@link DiffDriveSim} serialises access.
 */
public final class DiffDriveModel {
    /** Wheel radius, m. */
    public static final double WHEEL_RADIUS_M = 0.05;
    /** Distance between the wheels, m. */
    public static final double TRACK_M = 0.30;
    /** Time constant of the wheel velocity response, s. */
    public static final double TAU_S = 0.15;
    /** Largest wheel speed, rad/s. */
    public static final double MAX_WHEEL_RAD_S = 20.0;
    /** The room: x in [0, ROOM_X_M], y in [0, ROOM_Y_M]. */
    public static final double ROOM_X_M = 4.0;
    public static final double ROOM_Y_M = 3.0;
    /** The obstacle: an axis-aligned box. */
    public static final double BOX_MIN_X = 2.5;
    public static final double BOX_MAX_X = 3.0;
    public static final double BOX_MIN_Y = 1.2;
    public static final double BOX_MAX_Y = 1.8;
    /** Range sensor limits, m. */
    public static final float RANGE_MIN_M = 0.02f;
    public static final float RANGE_MAX_M = 4.0f;
    /** Battery: full and empty voltage. */
    public static final double FULL_V = 12.6;
    public static final double EMPTY_V = 10.5;

    private static final double EFFORT_PER_RAD_S2 = 0.002; // N·m per rad/s² (inertia)
    private static final double FRICTION_NM_PER_RAD_S = 0.004;
    private static final double IDLE_DRAIN_PCT_S = 0.001;
    private static final double EFFORT_DRAIN_PCT_PER_NM_S = 0.5;

    private final double[] velocity = new double[2];
    private final double[] meanVelocity = new double[2];
    private final double[] position = new double[2];
    private final double[] effort = new double[2];
    private final double[] target = new double[2];
    private final boolean[] positionMode = new boolean[2];
    private final long[] commandNs = new long[2];
    private final long[] timeoutNs = new long[2];
    private final boolean[] timedOut = new boolean[2];
    /** The wheel pushed against an obstacle in the last step: its controller reports overcurrent. */
    private final boolean[] stalled = new boolean[2];
    /** The torque a stalled wheel's current limit allows, N·m. */
    private static final double STALL_LIMIT_NM = 0.05;
    private final boolean[] commanded = new boolean[2];
    private double x = 0.5;
    private double y = 1.5;
    private double theta;
    private double batteryPct = 100.0;
    private double drainScale = 1.0;
    private double dockX = Double.NaN;
    private boolean charging;
    private long blockedSteps;
    private double dockY;
    private double dockRadiusM;
    private double chargePctPerS;

    /** Applies a command received at {@code nowNs}. Unknown motor ids are ignored (returns false). */
    public boolean command(MotorCommand c, long nowNs) {
        int m = c.getMotorId();
        if (m < 0 || m > 1) { // uint32 on the wire: 0x80000000 and above arrive negative
            return false;
        }
        positionMode[m] = false;
        switch (c.getTargetCase()) {
            case VELOCITY:
                target[m] = clamp(c.getVelocity());
                break;
            case POSITION:
                positionMode[m] = true;
                target[m] = c.getPosition();
                break;
            case EFFORT:
                target[m] = clamp(c.getEffort() / FRICTION_NM_PER_RAD_S);
                break;
            default:
                target[m] = 0; // stop, or no target
        }
        commanded[m] = true;
        commandNs[m] = nowNs;
        // a stop needs no watchdog: the motor is already stopping
        timeoutNs[m] = target[m] == 0 && !positionMode[m] ? 0 : c.getTimeoutMs() * 1_000_000L;
        timedOut[m] = false;
        return true;
    }

    private static double clamp(double v) {
        return Math.max(-MAX_WHEEL_RAD_S, Math.min(MAX_WHEEL_RAD_S, v));
    }

    /** Advances the world by {@code dtNs} ending at {@code nowNs}. */
    public void step(long nowNs, long dtNs) {
        double dt = dtNs / 1e9;
        double alpha = 1 - Math.exp(-dt / TAU_S);
        double[] mean = meanVelocity;
        for (int m = 0; m < 2; m++) {
            if (commanded[m] && timeoutNs[m] > 0 && nowNs - (commandNs[m] + timeoutNs[m]) > 0) {
                timedOut[m] = true;
                commanded[m] = false;
                positionMode[m] = false;
                target[m] = 0;
            }
            double want = positionMode[m] ? clamp(4.0 * (target[m] - position[m])) : target[m];
            double before = velocity[m];
            velocity[m] = before + (want - before) * alpha;
            effort[m] = EFFORT_PER_RAD_S2 * (velocity[m] - before) / dt + FRICTION_NM_PER_RAD_S * velocity[m];
            mean[m] = (before + velocity[m]) / 2;
            position[m] += mean[m] * dt;
            if (stalled[m]) { // still pushing since the last step: the current limit holds the torque
                effort[m] = Math.max(-STALL_LIMIT_NM, Math.min(STALL_LIMIT_NM, effort[m]));
            }
            batteryPct -= drainScale * EFFORT_DRAIN_PCT_PER_NM_S * Math.abs(effort[m]) * dt;
        }
        batteryPct = Math.max(0, batteryPct - drainScale * IDLE_DRAIN_PCT_S * dt);
        charging = chargePctPerS > 0 && Math.hypot(x - dockX, y - dockY) <= dockRadiusM
                && Math.abs(velocity[0]) < 0.1 && Math.abs(velocity[1]) < 0.1;
        if (charging) {
            batteryPct = Math.min(100, batteryPct + chargePctPerS * dt);
        }
        double vl = mean[0] * WHEEL_RADIUS_M;
        double vr = mean[1] * WHEEL_RADIUS_M;
        double v = (vl + vr) / 2;
        double w = (vr - vl) / TRACK_M;
        double nx = x + v * Math.cos(theta + w * dt / 2) * dt;
        double ny = y + v * Math.sin(theta + w * dt / 2) * dt;
        if (!blocked(nx, ny)) {
            x = nx;
            y = ny;
        } else {
            // Against a wall or the box the base cannot move forward: the forward part of the wheels' motion
            // stalls (no slip), only turning in place goes on. The encoders count what the wheels really did,
            // so odometry stays with the base. (Counting the stalled forward turns, as before, let odometry run
            // ahead of a blocked base: the dock tree then "arrived" away from the charger.)
            // The controllers see the stall as overcurrent (FAULT_OVERCURRENT, as a bumper would tell) and limit the
            // torque, so a pushing base drains its battery at the current limit, not without bound.
            double turnRadS = w * TRACK_M / 2 / WHEEL_RADIUS_M;
            for (int m = 0; m < 2; m++) {
                double actual = m == 0 ? -turnRadS : turnRadS;
                position[m] += (actual - mean[m]) * dt;
                mean[m] = actual;
                velocity[m] = actual;
                stalled[m] = true;
                effort[m] = Math.max(-STALL_LIMIT_NM, Math.min(STALL_LIMIT_NM, effort[m]));
            }
            blockedSteps++;
        }
        if (!blocked(nx, ny) || Math.abs(v) < 1e-9) {
            stalled[0] = false;
            stalled[1] = false;
        }
        theta = normalise(theta + w * dt);
    }

    private static boolean blocked(double px, double py) {
        double r = 0.05; // keep the base's centre 5 cm from anything
        boolean outside = px < r || py < r || px > ROOM_X_M - r || py > ROOM_Y_M - r;
        boolean inBox = px > BOX_MIN_X - r && px < BOX_MAX_X + r && py > BOX_MIN_Y - r && py < BOX_MAX_Y + r;
        return outside || inBox;
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

    /** Multiplies every battery drain (default 1): the demo drains fast so that a minute shows a full cycle. */
    public void batteryDrainScale(double scale) {
        drainScale = scale;
    }

    /** Sets the battery's charge, 0 to 100 %. */
    public void batteryPercent(double percent) {
        batteryPct = Math.max(0, Math.min(100, percent));
    }

    /**
     * A charging dock at ({@code x}, {@code y}): while the base's centre is within {@code radiusM} of it and
     * both wheels are (nearly) still, the battery charges at {@code pctPerS} % per second.
     */
    public void dock(double x, double y, double radiusM, double pctPerS) {
        dockX = x;
        dockY = y;
        dockRadiusM = radiusM;
        chargePctPerS = pctPerS;
    }

    /** Distance along the heading to the first wall or the obstacle, clamped to the sensor's limits. */
    public float rangeM() {
        double c = Math.cos(theta);
        double s = Math.sin(theta);
        double best = Double.POSITIVE_INFINITY;
        best = Math.min(best, hitVertical(0, c, s, 0, ROOM_Y_M));
        best = Math.min(best, hitVertical(ROOM_X_M, c, s, 0, ROOM_Y_M));
        best = Math.min(best, hitHorizontal(0, c, s, 0, ROOM_X_M));
        best = Math.min(best, hitHorizontal(ROOM_Y_M, c, s, 0, ROOM_X_M));
        best = Math.min(best, hitVertical(BOX_MIN_X, c, s, BOX_MIN_Y, BOX_MAX_Y));
        best = Math.min(best, hitVertical(BOX_MAX_X, c, s, BOX_MIN_Y, BOX_MAX_Y));
        best = Math.min(best, hitHorizontal(BOX_MIN_Y, c, s, BOX_MIN_X, BOX_MAX_X));
        best = Math.min(best, hitHorizontal(BOX_MAX_Y, c, s, BOX_MIN_X, BOX_MAX_X));
        return (float) Math.max(RANGE_MIN_M, Math.min(RANGE_MAX_M, best));
    }

    private double hitVertical(double wallX, double c, double s, double yMin, double yMax) {
        if (Math.abs(c) < 1e-12) {
            return Double.POSITIVE_INFINITY;
        }
        double t = (wallX - x) / c;
        double hy = y + t * s;
        return t > 1e-9 && hy >= yMin && hy <= yMax ? t : Double.POSITIVE_INFINITY;
    }

    private double hitHorizontal(double wallY, double c, double s, double xMin, double xMax) {
        if (Math.abs(s) < 1e-12) {
            return Double.POSITIVE_INFINITY;
        }
        double t = (wallY - y) / s;
        double hx = x + t * c;
        return t > 1e-9 && hx >= xMin && hx <= xMax ? t : Double.POSITIVE_INFINITY;
    }

    /** Places the base (for tests and scenarios). */
    public void pose(double px, double py, double heading) {
        x = px;
        y = py;
        theta = normalise(heading);
    }

    public double x() {
        return x;
    }

    public double y() {
        return y;
    }

    public double theta() {
        return theta;
    }

    public double velocity(int motor) {
        return velocity[motor];
    }

    public double position(int motor) {
        return position[motor];
    }

    public double effort(int motor) {
        return effort[motor];
    }

    /** {@link FaultFlag} bits of one motor. */
    public int faultFlags(int motor) {
        return (timedOut[motor] ? FaultFlag.FAULT_COMMAND_TIMEOUT_VALUE : 0)
                | (stalled[motor] ? FaultFlag.FAULT_OVERCURRENT_VALUE : 0);
    }

    /** Whether the base is on its charger and charging (reported in {@code BatteryState.charging}). */
    public boolean charging() {
        return charging;
    }

    /** Physics steps in which the base pushed against a wall or the box (its wheels stalled). */
    public long blockedSteps() {
        return blockedSteps;
    }

    public double batteryPercent() {
        return batteryPct;
    }

    public double batteryVoltage() {
        return EMPTY_V + (FULL_V - EMPTY_V) * batteryPct / 100.0;
    }
}

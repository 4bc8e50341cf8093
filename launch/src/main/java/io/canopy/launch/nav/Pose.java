package io.canopy.launch.nav;

import io.canopy.bt.Blackboard;
import io.canopy.bt.Entry;
import io.canopy.expr.ValueKind;

/**
 * The root-blackboard entries a differential drive shares with the navigation leaves: odometry in
 * ({@code odom_x}, {@code odom_y}, {@code odom_theta}) and the velocity command out ({@code cmd_v} m/s,
 * {@code cmd_w} rad/s). Resolved once when a leaf is built; read and written as fields on the tick path.
 */
final class Pose {
    final Entry x;
    final Entry y;
    final Entry theta;
    final Entry cmdV;
    final Entry cmdW;

    Pose(Blackboard bb) {
        Blackboard root = bb.root();
        x = root.entry(DiffDriveKeys.ODOM_X, ValueKind.DOUBLE);
        y = root.entry(DiffDriveKeys.ODOM_Y, ValueKind.DOUBLE);
        theta = root.entry(DiffDriveKeys.ODOM_THETA, ValueKind.DOUBLE);
        cmdV = root.entry(DiffDriveKeys.CMD_V, ValueKind.DOUBLE);
        cmdW = root.entry(DiffDriveKeys.CMD_W, ValueKind.DOUBLE);
    }

    boolean known() {
        return x.hasValue() && y.hasValue() && theta.hasValue();
    }

    void command(double v, double w) {
        cmdV.setDouble(v);
        cmdW.setDouble(w);
    }

    static double normalise(double a) {
        while (a > Math.PI) {
            a -= 2 * Math.PI;
        }
        while (a <= -Math.PI) {
            a += 2 * Math.PI;
        }
        return a;
    }
}

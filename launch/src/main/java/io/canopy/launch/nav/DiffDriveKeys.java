package io.canopy.launch.nav;

/** The blackboard keys of a {@code <diffdrive>} (root blackboard; trees read them as {@code @odom_x} or {@code odom_x}). */
public final class DiffDriveKeys {
    public static final String ODOM_X = "odom_x";
    public static final String ODOM_Y = "odom_y";
    public static final String ODOM_THETA = "odom_theta";
    public static final String ODOM_V = "odom_v";
    public static final String CMD_V = "cmd_v";
    public static final String CMD_W = "cmd_w";

    private DiffDriveKeys() {}
}

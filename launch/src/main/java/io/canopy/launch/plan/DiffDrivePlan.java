package io.canopy.launch.plan;

/**
 * A differential-drive base made of two {@code <motor>}s ({@code <diffdrive>}): on each tick of its timer
 * it turns the blackboard's velocity command ({@code cmd_v} m/s, {@code cmd_w} rad/s) into wheel velocities,
 * and integrates the wheels' encoder positions into odometry ({@code odom_x}, {@code odom_y} m,
 * {@code odom_theta} rad, {@code odom_v} m/s), starting from the pose ({@code x}, {@code y}, {@code theta}).
 */
public record DiffDrivePlan(String name, String left, String right, double wheelRadiusM, double trackM,
        double maxSpeedMps, String timer, double x, double y, double theta, Source source) {}

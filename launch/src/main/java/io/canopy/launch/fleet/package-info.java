/**
 * Robots coordinating over MQTT: the {@code Claim} and {@code Release} tree nodes and the per-tree claim board
 * that leases named resources (waypoints) on the retained topics {@code fleet/claims/<resource>}; and the parts of
 * {@code canopy fleet} that run and measure N robots in one process in bounded time ({@link
 * io.canopy.launch.fleet.FleetRobots} starts and stops them with deadlines, {@link io.canopy.launch.fleet.FleetWindow}
 * measures them, {@link io.canopy.launch.fleet.FleetReport} reports them and names the robots that were not there).
 */
package io.canopy.launch.fleet;

/**
 * Behavior-tree nodes that command a MAVLink vehicle: MavSetMode, MavArm, MavTakeoff, MavGoToLocal, MavLand, MavUploadMission.
 * Register them with {@link io.canopy.hardware.mavlink.nodes.MavlinkNodes#register}.
 */
package io.canopy.hardware.mavlink.nodes;

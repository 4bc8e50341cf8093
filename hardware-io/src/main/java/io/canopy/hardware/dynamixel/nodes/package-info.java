/**
 * Behavior-tree nodes that drive Dynamixel servos: DxlMoveTo (a goal from a port, until reached) and DxlTorque.
 * Register them with {@link io.canopy.hardware.dynamixel.nodes.DynamixelNodes#register}.
 */
package io.canopy.hardware.dynamixel.nodes;

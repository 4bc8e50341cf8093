/**
 * The simulated differential-drive base (canopy sim, port="sim:diffdrive"): kinematics, battery, dock, walls.
 */
package io.canopy.hardware.sim;

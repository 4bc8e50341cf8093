/**
 * The demo's navigation leaves (DriveTo, Turn, Move) on a differential-drive base.
 */
package io.canopy.launch.nav;

/**
 * Device roles on a serial link: motor controllers, battery, range and IMU sensors, the simulated base's device.
 */
package io.canopy.hardware.device;

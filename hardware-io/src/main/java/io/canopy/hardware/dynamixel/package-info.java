/**
 * ROBOTIS Dynamixel Protocol 2.0 servos as a device role: packets with their CRC and byte stuffing, the X-series
 * control table as data, a bus that PINGs its servos (missing ones, wrong models), polls positions, writes goals and
 * reads a servo's hardware error when its Alert bit rises, on a half-duplex serial line, and a virtual servo bus
 * that answers like real servos (for tests and for running without hardware).
 */
package io.canopy.hardware.dynamixel;

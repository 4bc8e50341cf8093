/**
 * MAVLink 2 flight controllers (PX4, ArduPilot) as a device role: a codec written from the official message
 * definitions, and {@link io.canopy.hardware.mavlink.MavlinkVehicle}, which keeps the vehicle's state for the
 * blackboard, raises events, sends commands and heartbeats, and holds or disarms the vehicle in the failsafe.
 */
package io.canopy.hardware.mavlink;

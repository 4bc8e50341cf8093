/**
 * MAVLink 2 flight controllers (PX4, ArduPilot) as a device role: a codec written from the official message
 * definitions, and {@link io.canopy.hardware.mavlink.MavlinkVehicle}, which keeps the vehicle's state for the
 * blackboard, raises events, sends commands and heartbeats, and holds or disarms the vehicle in the failsafe.
 * Behind it, package-private parts with one job each: {@code VehicleTelemetry} (decoding into the state table),
 * {@code LinkWatch} (heartbeat age and link health, own heartbeat), {@code CommandSlots} (COMMAND_LONG with
 * COMMAND_ACK tracking and resends), {@code MissionUpload}, {@code SetpointStream} (streamed setpoints, held after
 * a failsafe), {@code VehicleFailsafe}, {@code FrameSender} (frames out), {@code VehicleEvents} (events into the inbox)
 * and {@code Offsets} (field offsets).
 */
package io.canopy.hardware.mavlink;

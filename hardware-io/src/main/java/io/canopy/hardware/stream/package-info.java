/**
 * Raw byte links for devices that speak their own framing (MAVLink, Dynamixel): a serial port or a UDP
 * socket as a {@link io.canopy.hardware.serial.Transport}, and a {@link io.canopy.hardware.stream.ByteLink}
 * that reads it on its own thread and writes pooled frames from any thread without blocking or allocating.
 */
package io.canopy.hardware.stream;

package io.canopy.hardware.device;

import io.canopy.hardware.serial.SerialLink;
import io.canopy.proto.Envelope;

/**
 * What a device on a link does with the messages it receives (a motor controller, a range sensor, ...).
 * Called on the link's reader thread by {@link DeviceHub}: store into {@link LatestReading}s, never touch
 * trees or blackboards, never block.
 */
public interface DeviceRole {
    /** Returns true when this role consumed the message (the hub then does not forward it). */
    boolean onEnvelope(Envelope envelope, long receivedNs);

    /** The link lost its device. */
    default void onDeviceLost(SerialLink link) {}

    /** The link works again. */
    default void onDeviceBack(SerialLink link) {}
}

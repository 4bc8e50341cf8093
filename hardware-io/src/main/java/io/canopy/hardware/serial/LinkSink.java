package io.canopy.hardware.serial;

import io.canopy.proto.Envelope;

/**
 * Where a {@link SerialLink} delivers what it receives. Called on the link's reader thread, one call at
 * a time: an implementation must not block and must not touch trees, machines or blackboards (the tick
 * thread owns them); it hands data over, for example into the ticker's event inbox or into
 * latest-value slots ({@link io.canopy.hardware.device.DeviceHub}).
 */
public interface LinkSink {
    /** A good frame. {@code receivedNs} is the link's clock when the frame was decoded. */
    void onEnvelope(SerialLink link, Envelope envelope, long receivedNs);

    /** The port stopped working (or could not be opened); the link sends nothing until it is back. */
    default void onDeviceLost(SerialLink link, String reason) {}

    /** The port works again after {@link #onDeviceLost}. */
    default void onDeviceBack(SerialLink link) {}
}

package io.canopy.hardware.serial;

import io.canopy.hardware.wire.FrameFormat;

/**
 * A preallocated buffer for one outgoing payload (a serialized Envelope), so that a producer that
 * encodes its own bytes (the motor controller on the tick thread) sends without allocating: claim one
 * with {@link SerialLink#claimPayload()}, write at most {@link FrameFormat#MAX_PAYLOAD} bytes into
 * {@link #buffer()}, then {@link SerialLink#send(OutboundPayload, int)}. The link's writer thread frames
 * it and returns it to the pool.
 */
public final class OutboundPayload {
    private final byte[] buffer = new byte[FrameFormat.MAX_PAYLOAD];
    int length;

    OutboundPayload() {}

    /** Where to write the payload bytes (from index 0). */
    public byte[] buffer() {
        return buffer;
    }
}

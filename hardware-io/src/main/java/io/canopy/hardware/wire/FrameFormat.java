package io.canopy.hardware.wire;

/**
 * The sizes of the serial wire format (docs/wire-format.md):
 *
 * <pre>
 * frame   = COBS(body) 0x00
 * body    = seq:u8  payload:bytes  crc:u16 (big-endian)
 * payload = a serialized Envelope, at most 1024 bytes
 * crc     = CRC-16/XMODEM over seq and payload
 * </pre>
 */
public final class FrameFormat {
    /** Largest payload (serialized Envelope) in one frame. */
    public static final int MAX_PAYLOAD = 1024;
    /** seq + payload + crc. */
    public static final int MAX_BODY = 1 + MAX_PAYLOAD + 2;
    /** The largest COBS encoding of a body, without the delimiter. */
    public static final int MAX_ENCODED_BODY = Cobs.maxEncodedLength(MAX_BODY);
    /** The largest frame on the wire, delimiter included. */
    public static final int MAX_FRAME = MAX_ENCODED_BODY + 1;
    /** The frame delimiter. */
    public static final byte DELIMITER = 0;

    private FrameFormat() {}
}

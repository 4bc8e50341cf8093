package io.canopy.hardware.mavlink;

/**
 * Writes MAVLink 2 frames: {@code 0xFD len incompat=0 compat=0 seq sysid compid msgid(3, LE) payload crc(2, LE)},
 * the payload with its trailing zero bytes cut (MAVLink 2 payload truncation, at least one byte kept), the
 * checksum over everything after the start marker plus the message's CRC_EXTRA. Unsigned (signing is out of
 * scope). Allocation-free.
 */
public final class MavlinkFrames {
    public static final int STX_V2 = 0xFD;
    public static final int STX_V1 = 0xFE;
    public static final int HEADER_V2 = 10;
    /** The longest frame: header, 255 payload bytes, checksum, signature. */
    public static final int MAX_FRAME = HEADER_V2 + 255 + 2 + 13;

    private MavlinkFrames() {}

    /**
     * Encodes one frame into {@code out} (at least {@code 12 + spec.maxLength()} bytes) from a payload laid out
     * by {@code spec} in {@code payload[0..spec.maxLength())}; returns the frame's length.
     */
    public static int encode(MessageSpec spec, byte[] payload, int seq, int sysid, int compid, byte[] out) {
        int len = spec.maxLength();
        while (len > 1 && payload[len - 1] == 0) {
            len--;
        }
        out[0] = (byte) STX_V2;
        out[1] = (byte) len;
        out[2] = 0;
        out[3] = 0;
        out[4] = (byte) seq;
        out[5] = (byte) sysid;
        out[6] = (byte) compid;
        int id = spec.id();
        out[7] = (byte) id;
        out[8] = (byte) (id >>> 8);
        out[9] = (byte) (id >>> 16);
        System.arraycopy(payload, 0, out, HEADER_V2, len);
        int crc = X25Crc.accumulate(X25Crc.INIT, out, 1, HEADER_V2 - 1 + len);
        crc = X25Crc.accumulate(crc, spec.crcExtra());
        out[HEADER_V2 + len] = (byte) crc;
        out[HEADER_V2 + len + 1] = (byte) (crc >>> 8);
        return HEADER_V2 + len + 2;
    }
}

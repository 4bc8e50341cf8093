package io.canopy.hardware.wire;

/**
 * Builds frames: {@code COBS(seq payload crc16be) 0x00}. Keeps the outgoing {@code seq} (one per
 * direction, modulo 256). Not thread-safe: one encoder per writer thread. Allocation-free.
 */
public final class FrameEncoder {
    private final byte[] body = new byte[FrameFormat.MAX_BODY];
    private int nextSeq;

    /** The seq the next frame will carry. */
    public int nextSeq() {
        return nextSeq;
    }

    /**
     * Encodes {@code len} payload bytes with the next seq into {@code out} from index 0 (which must hold
     * {@link FrameFormat#MAX_FRAME} bytes); returns the frame length, delimiter included.
     *
     * @throws IllegalArgumentException when the payload is longer than {@link FrameFormat#MAX_PAYLOAD}
     */
    public int encode(byte[] payload, int off, int len, byte[] out) {
        int seq = nextSeq;
        nextSeq = (seq + 1) & 0xFF;
        return encode(seq, payload, off, len, out);
    }

    /** As {@link #encode(byte[], int, int, byte[])} with an explicit seq (0..255); does not move nextSeq. */
    public int encode(int seq, byte[] payload, int off, int len, byte[] out) {
        if (len > FrameFormat.MAX_PAYLOAD) {
            throw new IllegalArgumentException(
                    "payload of " + len + " bytes exceeds the frame limit of " + FrameFormat.MAX_PAYLOAD + " bytes");
        }
        if (seq < 0 || seq > 0xFF) {
            throw new IllegalArgumentException("seq " + seq + " is not in 0..255");
        }
        body[0] = (byte) seq;
        System.arraycopy(payload, off, body, 1, len);
        int crc = Crc16Xmodem.compute(body, 0, len + 1);
        body[len + 1] = (byte) (crc >>> 8);
        body[len + 2] = (byte) crc;
        int n = Cobs.encode(body, 0, len + 3, out, 0);
        out[n] = FrameFormat.DELIMITER;
        return n + 1;
    }
}

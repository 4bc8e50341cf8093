package io.canopy.hardware.mavlink;

/**
 * MAVLink's checksum: CRC-16/MCRF4XX ("X.25" in the MAVLink sources), polynomial 0x1021 reflected, initial
 * value 0xFFFF, no final xor. A frame's checksum covers every byte after the start marker up to the end of the
 * payload, then the message's CRC_EXTRA byte.
 */
final class X25Crc {
    static final int INIT = 0xFFFF;

    private X25Crc() {}

    /** Adds one byte to {@code crc}; returns the new 16-bit value. */
    static int accumulate(int crc, int b) {
        int tmp = (b ^ crc) & 0xFF;
        tmp ^= (tmp << 4) & 0xFF;
        return ((crc >>> 8) ^ (tmp << 8) ^ (tmp << 3) ^ (tmp >>> 4)) & 0xFFFF;
    }

    static int accumulate(int crc, byte[] buf, int off, int len) {
        for (int i = 0; i < len; i++) {
            crc = accumulate(crc, buf[off + i]);
        }
        return crc;
    }

    static int accumulate(int crc, String ascii) {
        for (int i = 0; i < ascii.length(); i++) {
            crc = accumulate(crc, ascii.charAt(i));
        }
        return crc;
    }
}

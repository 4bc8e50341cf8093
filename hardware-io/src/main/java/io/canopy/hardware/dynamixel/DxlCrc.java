package io.canopy.hardware.dynamixel;

/**
 * The Protocol 2.0 checksum: CRC-16 with polynomial 0x8005, initial value 0, no reflection, no final xor
 * (CRC-16/BUYPASS), over every byte of the packet from the first header byte to the last parameter, as sent
 * (after byte stuffing). Table-driven.
 */
public final class DxlCrc {
    private static final int[] TABLE = new int[256];

    static {
        for (int i = 0; i < 256; i++) {
            int c = i << 8;
            for (int b = 0; b < 8; b++) {
                c = (c & 0x8000) != 0 ? (c << 1) ^ 0x8005 : c << 1;
            }
            TABLE[i] = c & 0xFFFF;
        }
    }

    private DxlCrc() {}

    public static int of(byte[] buf, int off, int len) {
        int crc = 0;
        for (int i = 0; i < len; i++) {
            crc = ((crc << 8) ^ TABLE[((crc >>> 8) ^ buf[off + i]) & 0xFF]) & 0xFFFF;
        }
        return crc;
    }
}

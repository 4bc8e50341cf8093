package io.canopy.hardware.wire;

/**
 * CRC-16/XMODEM: polynomial 0x1021, initial value 0x0000, no reflection, final xor 0. The check value (the
 * CRC of the ASCII bytes {@code 123456789}) is 0x31C3. Table-driven, allocation-free.
 */
public final class Crc16Xmodem {
    private static final char[] TABLE = new char[256];

    static {
        for (int i = 0; i < 256; i++) {
            int crc = i << 8;
            for (int bit = 0; bit < 8; bit++) {
                crc = (crc & 0x8000) != 0 ? (crc << 1) ^ 0x1021 : crc << 1;
            }
            TABLE[i] = (char) (crc & 0xFFFF);
        }
    }

    private Crc16Xmodem() {}

    /** The CRC of {@code len} bytes of {@code data} from {@code off}, as an int in 0..0xFFFF. */
    public static int compute(byte[] data, int off, int len) {
        return update(0, data, off, len);
    }

    /** Continues a CRC {@code crc} (start with 0) over more bytes. */
    public static int update(int crc, byte[] data, int off, int len) {
        int c = crc;
        for (int i = off, end = off + len; i < end; i++) {
            c = ((c << 8) ^ TABLE[((c >>> 8) ^ data[i]) & 0xFF]) & 0xFFFF;
        }
        return c;
    }
}

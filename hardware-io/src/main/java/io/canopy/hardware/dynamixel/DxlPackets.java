package io.canopy.hardware.dynamixel;

/**
 * Writes Protocol 2.0 packets: {@code FF FF FD 00 id len_l len_h instruction params... crc_l crc_h}. Byte
 * stuffing first (wherever {@code FF FF FD} appears from the instruction to the last parameter, an extra
 * {@code FD} follows it), then the length (instruction + stuffed parameters + 2 CRC bytes), then the CRC over
 * everything before it. A status packet is instruction 0x55 with the error byte as its first parameter.
 * Allocation-free: every method writes into the caller's buffer and returns the packet's length.
 */
public final class DxlPackets {
    public static final int PING = 0x01;
    public static final int READ = 0x02;
    public static final int WRITE = 0x03;
    public static final int REG_WRITE = 0x04;
    public static final int ACTION = 0x05;
    public static final int FACTORY_RESET = 0x06;
    public static final int REBOOT = 0x08;
    public static final int CLEAR = 0x10;
    public static final int STATUS = 0x55;
    public static final int SYNC_READ = 0x82;
    public static final int SYNC_WRITE = 0x83;
    public static final int BULK_READ = 0x92;
    public static final int BULK_WRITE = 0x93;
    public static final int BROADCAST_ID = 0xFE;
    /** Header, id, length, instruction and CRC: the bytes of a packet without parameters. */
    public static final int OVERHEAD = 10;

    private DxlPackets() {}

    /**
     * Writes a packet with {@code paramLen} parameters from {@code params} into {@code out} (room for
     * {@code OVERHEAD + paramLen * 4 / 3 + 1} bytes covers the worst stuffing); returns its length.
     */
    public static int packet(byte[] out, int id, int instruction, byte[] params, int paramLen) {
        out[0] = (byte) 0xFF;
        out[1] = (byte) 0xFF;
        out[2] = (byte) 0xFD;
        out[3] = 0x00;
        out[4] = (byte) id;
        int p = 7;
        out[p++] = (byte) instruction;
        for (int i = 0; i < paramLen; i++) {
            out[p++] = params[i];
            if (out[p - 1] == (byte) 0xFD && p - 3 >= 7 && out[p - 2] == (byte) 0xFF && out[p - 3] == (byte) 0xFF) {
                out[p++] = (byte) 0xFD;
            }
        }
        int length = p - 7 + 2;
        out[5] = (byte) length;
        out[6] = (byte) (length >>> 8);
        int crc = DxlCrc.of(out, 0, p);
        out[p++] = (byte) crc;
        out[p++] = (byte) (crc >>> 8);
        return p;
    }

    /** A status packet: instruction 0x55, the error byte, then {@code paramLen} parameters. */
    public static int status(byte[] out, byte[] scratch, int id, int error, byte[] params, int paramLen) {
        scratch[0] = (byte) error;
        System.arraycopy(params, 0, scratch, 1, paramLen);
        return packet(out, id, STATUS, scratch, paramLen + 1);
    }

    /** PING to {@code id} (or {@link #BROADCAST_ID}). */
    public static int ping(byte[] out, int id) {
        return packet(out, id, PING, out, 0);
    }

    /** READ {@code length} bytes at {@code address}. */
    public static int read(byte[] out, byte[] scratch, int id, int address, int length) {
        put16(scratch, 0, address);
        put16(scratch, 2, length);
        return packet(out, id, READ, scratch, 4);
    }

    /** WRITE {@code size} bytes (1, 2 or 4, little-endian) of {@code value} at {@code address}. */
    public static int write(byte[] out, byte[] scratch, int id, int address, int size, long value) {
        put16(scratch, 0, address);
        putLe(scratch, 2, size, value);
        return packet(out, id, WRITE, scratch, 2 + size);
    }

    /** SYNC_READ of {@code length} bytes at {@code address} from {@code ids[0..count)} (broadcast). */
    public static int syncRead(byte[] out, byte[] scratch, int address, int length, int[] ids, int count) {
        put16(scratch, 0, address);
        put16(scratch, 2, length);
        for (int i = 0; i < count; i++) {
            scratch[4 + i] = (byte) ids[i];
        }
        return packet(out, BROADCAST_ID, SYNC_READ, scratch, 4 + count);
    }

    /** SYNC_WRITE of {@code size}-byte {@code values[i]} at {@code address} to {@code ids[i]}, i &lt; count. */
    public static int syncWrite(byte[] out, byte[] scratch, int address, int size, int[] ids, long[] values, int count) {
        put16(scratch, 0, address);
        put16(scratch, 2, size);
        int p = 4;
        for (int i = 0; i < count; i++) {
            scratch[p++] = (byte) ids[i];
            putLe(scratch, p, size, values[i]);
            p += size;
        }
        return packet(out, BROADCAST_ID, SYNC_WRITE, scratch, p);
    }

    /** BULK_READ: from {@code ids[i]}, {@code lengths[i]} bytes at {@code addresses[i]}. */
    public static int bulkRead(byte[] out, byte[] scratch, int[] ids, int[] addresses, int[] lengths, int count) {
        int p = 0;
        for (int i = 0; i < count; i++) {
            scratch[p++] = (byte) ids[i];
            put16(scratch, p, addresses[i]);
            put16(scratch, p + 2, lengths[i]);
            p += 4;
        }
        return packet(out, BROADCAST_ID, BULK_READ, scratch, p);
    }

    /** BULK_WRITE: to {@code ids[i]}, {@code sizes[i]} bytes of {@code values[i]} at {@code addresses[i]}. */
    public static int bulkWrite(byte[] out, byte[] scratch, int[] ids, int[] addresses, int[] sizes, long[] values, int count) {
        int p = 0;
        for (int i = 0; i < count; i++) {
            scratch[p++] = (byte) ids[i];
            put16(scratch, p, addresses[i]);
            put16(scratch, p + 2, sizes[i]);
            p += 4;
            putLe(scratch, p, sizes[i], values[i]);
            p += sizes[i];
        }
        return packet(out, BROADCAST_ID, BULK_WRITE, scratch, p);
    }

    static void put16(byte[] b, int off, int v) {
        b[off] = (byte) v;
        b[off + 1] = (byte) (v >>> 8);
    }

    static void putLe(byte[] b, int off, int size, long v) {
        for (int i = 0; i < size; i++) {
            b[off + i] = (byte) (v >>> (8 * i));
        }
    }

    /** A little-endian value of {@code size} bytes, sign-extended when {@code signed}. */
    public static long getLe(byte[] b, int off, int size, boolean signed) {
        long v = 0;
        for (int i = 0; i < size; i++) {
            v |= (long) (b[off + i] & 0xFF) << (8 * i);
        }
        if (signed && size < 8) {
            int shift = 64 - 8 * size;
            v = (v << shift) >> shift;
        }
        return v;
    }
}

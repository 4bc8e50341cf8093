package io.canopy.hardware.mavlink;

/** Little-endian reads and writes of MAVLink payload fields (every multi-byte MAVLink field is little-endian). */
public final class Le {
    private Le() {}

    public static int u8(byte[] b, int off) {
        return b[off] & 0xFF;
    }

    public static int u16(byte[] b, int off) {
        return (b[off] & 0xFF) | (b[off + 1] & 0xFF) << 8;
    }

    public static int i16(byte[] b, int off) {
        return (short) u16(b, off);
    }

    public static int i32(byte[] b, int off) {
        return (b[off] & 0xFF) | (b[off + 1] & 0xFF) << 8 | (b[off + 2] & 0xFF) << 16 | (b[off + 3] & 0xFF) << 24;
    }

    public static long u32(byte[] b, int off) {
        return i32(b, off) & 0xFFFFFFFFL;
    }

    public static float f32(byte[] b, int off) {
        return Float.intBitsToFloat(i32(b, off));
    }

    public static void put8(byte[] b, int off, int v) {
        b[off] = (byte) v;
    }

    public static void put16(byte[] b, int off, int v) {
        b[off] = (byte) v;
        b[off + 1] = (byte) (v >>> 8);
    }

    public static void put32(byte[] b, int off, int v) {
        b[off] = (byte) v;
        b[off + 1] = (byte) (v >>> 8);
        b[off + 2] = (byte) (v >>> 16);
        b[off + 3] = (byte) (v >>> 24);
    }

    public static void putF32(byte[] b, int off, float v) {
        put32(b, off, Float.floatToRawIntBits(v));
    }
}

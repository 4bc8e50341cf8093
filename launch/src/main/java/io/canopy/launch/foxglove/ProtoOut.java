package io.canopy.launch.foxglove;

/**
 * A protobuf writer into a caller's byte array: varints, doubles, fixed32, strings (UTF-8, encoded char by char) and
 * nested messages of under 128 bytes (their length is one byte, patched in at the end). Nothing allocates, so the tick
 * thread encodes with it; a message that does not fit stops at the array's end and {@link #overflowed()} says so.
 */
final class ProtoOut {
    private static final int VARINT = 0, FIXED64 = 1, BYTES = 2, FIXED32 = 5;
    private byte[] buf = new byte[0];
    private int pos;
    private int limit;
    private boolean overflow;
    private final int[] open = new int[8];
    private int depth;

    /** Starts a message at {@code buf[offset]}, at most up to {@code limit}. */
    ProtoOut into(byte[] buf, int offset, int limit) {
        this.buf = buf;
        this.pos = offset;
        this.limit = limit;
        this.overflow = false;
        this.depth = 0;
        return this;
    }

    int position() {
        return pos;
    }

    boolean overflowed() {
        return overflow;
    }

    private void put(int b) {
        if (pos < limit) {
            buf[pos++] = (byte) b;
        } else {
            overflow = true;
        }
    }

    private void tag(int field, int wire) {
        varint(((long) field << 3) | wire);
    }

    private void varint(long v) {
        while ((v & ~0x7FL) != 0) {
            put((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        put((int) v);
    }

    void int64(int field, long v) {
        if (v != 0) {
            tag(field, VARINT);
            varint(v);
        }
    }

    /** An int32 or enum field (negative values take ten bytes, as protobuf says). */
    void int32(int field, int v) {
        if (v != 0) {
            tag(field, VARINT);
            varint(v);
        }
    }

    void float64(int field, double v) {
        if (Double.doubleToRawLongBits(v) != 0) {
            tag(field, FIXED64);
            long bits = Double.doubleToRawLongBits(v);
            for (int i = 0; i < 8; i++) {
                put((int) (bits >>> (8 * i)));
            }
        }
    }

    void fixed32(int field, int v) {
        if (v != 0) {
            tag(field, FIXED32);
            for (int i = 0; i < 4; i++) {
                put(v >>> (8 * i));
            }
        }
    }

    /** A string field, {@code text} encoded as UTF-8 (unpaired surrogates as '?'). */
    void string(int field, CharSequence text) {
        int n = text.length();
        if (n == 0) {
            return;
        }
        tag(field, BYTES);
        varint(utf8Length(text));
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                put(c);
            } else if (c < 0x800) {
                put(0xC0 | (c >>> 6));
                put(0x80 | (c & 0x3F));
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(text.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, text.charAt(++i));
                put(0xF0 | (cp >>> 18));
                put(0x80 | ((cp >>> 12) & 0x3F));
                put(0x80 | ((cp >>> 6) & 0x3F));
                put(0x80 | (cp & 0x3F));
            } else if (Character.isSurrogate(c)) {
                put('?');
            } else {
                put(0xE0 | (c >>> 12));
                put(0x80 | ((c >>> 6) & 0x3F));
                put(0x80 | (c & 0x3F));
            }
        }
    }

    static int utf8Length(CharSequence text) {
        int len = 0;
        for (int i = 0, n = text.length(); i < n; i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                len++;
            } else if (c < 0x800) {
                len += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(text.charAt(i + 1))) {
                len += 4;
                i++;
            } else if (Character.isSurrogate(c)) {
                len++;
            } else {
                len += 3;
            }
        }
        return len;
    }

    /** Opens a nested message field (under 128 bytes); close it with {@link #end()}. */
    void begin(int field) {
        tag(field, BYTES);
        open[depth++] = pos;
        put(0);
    }

    void end() {
        int at = open[--depth];
        int len = pos - at - 1;
        if (len > 127) {
            throw new IllegalStateException("nested message of " + len + " bytes: ProtoOut takes nested messages under 128 bytes");
        }
        if (at < limit) {
            buf[at] = (byte) len;
        }
    }

    /** A google.protobuf.Timestamp field from nanoseconds since the epoch. */
    void timestamp(int field, long epochNs) {
        begin(field);
        int64(1, Math.floorDiv(epochNs, 1_000_000_000L));
        int32(2, (int) Math.floorMod(epochNs, 1_000_000_000L));
        end();
    }
}

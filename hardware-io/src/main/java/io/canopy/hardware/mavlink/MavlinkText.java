package io.canopy.hardware.mavlink;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * MAVLink frames as text, for people (canopy echo of a recording, replay's divergence line): each good frame in some
 * bytes as {@code NAME {field: value, ...} from 1/1 seq 7}, fields in declaration-wire order, arrays as {@code [..]},
 * char arrays as text. Not for the tick path (it allocates).
 */
public final class MavlinkText {
    private MavlinkText() {}

    /** Every good frame in {@code bytes}, one line each (what the parser would hand a vehicle, whatever its ids). */
    public static List<String> frames(byte[] bytes) {
        List<String> out = new ArrayList<>();
        MavlinkParser p = new MavlinkParser((spec, sys, comp, seq, payload) -> out.add(message(spec, payload)
                + " from " + sys + "/" + comp + " seq " + seq));
        p.feed(bytes, 0, bytes.length);
        if (out.isEmpty()) {
            out.add(bytes.length + " bytes, no whole MAVLink frame");
        }
        return out;
    }

    /** One message's payload as {@code NAME {field: value, ...}}. */
    public static String message(MessageSpec spec, byte[] payload) {
        ByteBuffer b = ByteBuffer.wrap(payload).order(ByteOrder.LITTLE_ENDIAN);
        StringBuilder s = new StringBuilder(spec.name()).append(" {");
        String sep = "";
        for (MessageSpec.Field f : spec.wireOrder()) {
            s.append(sep).append(f.name()).append(": ");
            sep = ", ";
            if (f.type() == FieldType.CHAR && f.arrayLength() > 1) {
                StringBuilder t = new StringBuilder();
                for (int i = 0; i < f.arrayLength() && payload[f.offset() + i] != 0; i++) {
                    t.append((char) (payload[f.offset() + i] & 0xFF));
                }
                s.append('"').append(t).append('"');
                continue;
            }
            if (f.arrayLength() > 1) {
                s.append('[');
            }
            for (int i = 0; i < f.arrayLength(); i++) {
                s.append(i > 0 ? " " : "").append(value(b, f.type(), f.offset() + i * f.type().size));
            }
            if (f.arrayLength() > 1) {
                s.append(']');
            }
        }
        return s.append('}').toString();
    }

    private static String value(ByteBuffer b, FieldType t, int off) {
        return switch (t) {
            case CHAR, UINT8 -> String.valueOf(b.get(off) & 0xFF);
            case INT8 -> String.valueOf(b.get(off));
            case UINT16 -> String.valueOf(b.getShort(off) & 0xFFFF);
            case INT16 -> String.valueOf(b.getShort(off));
            case UINT32 -> String.valueOf(b.getInt(off) & 0xFFFF_FFFFL);
            case INT32 -> String.valueOf(b.getInt(off));
            case FLOAT -> String.valueOf(b.getFloat(off));
            case UINT64 -> Long.toUnsignedString(b.getLong(off));
            case INT64 -> String.valueOf(b.getLong(off));
            case DOUBLE -> String.valueOf(b.getDouble(off));
        };
    }
}

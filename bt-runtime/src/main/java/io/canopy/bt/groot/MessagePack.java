package io.canopy.bt.groot;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * A Gson tree as MessagePack (the encoding BT.CPP's Groot2 publisher sends its blackboard dump in, through
 * nlohmann's {@code to_msgpack}): the smallest integer form for each whole number, float64 for the others,
 * fixstr/str8/16/32, fixarray/array16/32, fixmap/map16/32, nil, true and false.
 */
final class MessagePack {
    private MessagePack() {}

    static byte[] encode(JsonElement value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        write(value, out);
        return out.toByteArray();
    }

    private static void write(JsonElement v, ByteArrayOutputStream out) {
        if (v == null || v.isJsonNull()) {
            out.write(0xc0);
        } else if (v instanceof JsonObject o) {
            header(o.size(), 0x80, 15, 0xde, 0xdf, out);
            for (Map.Entry<String, JsonElement> e : o.entrySet()) {
                string(e.getKey(), out);
                write(e.getValue(), out);
            }
        } else if (v instanceof JsonArray a) {
            header(a.size(), 0x90, 15, 0xdc, 0xdd, out);
            for (JsonElement e : a) {
                write(e, out);
            }
        } else {
            JsonPrimitive p = v.getAsJsonPrimitive();
            if (p.isBoolean()) {
                out.write(p.getAsBoolean() ? 0xc3 : 0xc2);
            } else if (p.isString()) {
                string(p.getAsString(), out);
            } else {
                number(p.getAsBigDecimal(), out);
            }
        }
    }

    private static void number(BigDecimal n, ByteArrayOutputStream out) {
        long whole;
        try {
            whole = n.longValueExact();
        } catch (ArithmeticException notWhole) {
            out.write(0xcb);
            bigEndian(Double.doubleToLongBits(n.doubleValue()), 8, out);
            return;
        }
        if (whole >= 0) {
            if (whole < 128) {
                out.write((int) whole);
            } else if (whole < 0x100) {
                out.write(0xcc);
                bigEndian(whole, 1, out);
            } else if (whole < 0x10000) {
                out.write(0xcd);
                bigEndian(whole, 2, out);
            } else if (whole < 0x100000000L) {
                out.write(0xce);
                bigEndian(whole, 4, out);
            } else {
                out.write(0xcf);
                bigEndian(whole, 8, out);
            }
        } else if (whole >= -32) {
            out.write((int) (whole & 0xff));
        } else if (whole >= Byte.MIN_VALUE) {
            out.write(0xd0);
            bigEndian(whole, 1, out);
        } else if (whole >= Short.MIN_VALUE) {
            out.write(0xd1);
            bigEndian(whole, 2, out);
        } else if (whole >= Integer.MIN_VALUE) {
            out.write(0xd2);
            bigEndian(whole, 4, out);
        } else {
            out.write(0xd3);
            bigEndian(whole, 8, out);
        }
    }

    private static void string(String s, ByteArrayOutputStream out) {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        int n = utf8.length;
        if (n < 32) {
            out.write(0xa0 | n);
        } else if (n < 0x100) {
            out.write(0xd9);
            bigEndian(n, 1, out);
        } else if (n < 0x10000) {
            out.write(0xda);
            bigEndian(n, 2, out);
        } else {
            out.write(0xdb);
            bigEndian(n, 4, out);
        }
        out.write(utf8, 0, n);
    }

    private static void header(int n, int fix, int fixMax, int m16, int m32, ByteArrayOutputStream out) {
        if (n <= fixMax) {
            out.write(fix | n);
        } else if (n < 0x10000) {
            out.write(m16);
            bigEndian(n, 2, out);
        } else {
            out.write(m32);
            bigEndian(n, 4, out);
        }
    }

    private static void bigEndian(long v, int bytes, ByteArrayOutputStream out) {
        for (int i = bytes - 1; i >= 0; i--) {
            out.write((int) (v >>> (8 * i)) & 0xff);
        }
    }
}

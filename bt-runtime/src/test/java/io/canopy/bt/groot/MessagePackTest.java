package io.canopy.bt.groot;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonArray;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import org.junit.jupiter.api.Test;

/** Byte-exact encodings from the MessagePack specification's format table (msgpack/spec.md). */
class MessagePackTest {
    private static int[] bytes(com.google.gson.JsonElement e) {
        byte[] b = MessagePack.encode(e);
        int[] out = new int[b.length];
        for (int i = 0; i < b.length; i++) {
            out[i] = b[i] & 0xff;
        }
        return out;
    }

    @Test
    void integersTakeTheirSmallestForm() {
        assertThat(bytes(new JsonPrimitive(0))).containsExactly(0x00);
        assertThat(bytes(new JsonPrimitive(127))).containsExactly(0x7f);
        assertThat(bytes(new JsonPrimitive(128))).containsExactly(0xcc, 0x80);
        assertThat(bytes(new JsonPrimitive(300))).containsExactly(0xcd, 0x01, 0x2c);
        assertThat(bytes(new JsonPrimitive(65536))).containsExactly(0xce, 0x00, 0x01, 0x00, 0x00);
        assertThat(bytes(new JsonPrimitive(1L << 32))).containsExactly(0xcf, 0, 0, 0, 1, 0, 0, 0, 0);
        assertThat(bytes(new JsonPrimitive(-1))).containsExactly(0xff);
        assertThat(bytes(new JsonPrimitive(-32))).containsExactly(0xe0);
        assertThat(bytes(new JsonPrimitive(-33))).containsExactly(0xd0, 0xdf);
        assertThat(bytes(new JsonPrimitive(-129))).containsExactly(0xd1, 0xff, 0x7f);
        assertThat(bytes(new JsonPrimitive(-32769))).containsExactly(0xd2, 0xff, 0xff, 0x7f, 0xff);
        assertThat(bytes(new JsonPrimitive(Long.MIN_VALUE))).containsExactly(0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0);
    }

    @Test
    void otherScalars() {
        assertThat(bytes(new JsonPrimitive(0.5))).containsExactly(0xcb, 0x3f, 0xe0, 0, 0, 0, 0, 0, 0);
        assertThat(bytes(new JsonPrimitive(true))).containsExactly(0xc3);
        assertThat(bytes(new JsonPrimitive(false))).containsExactly(0xc2);
        assertThat(bytes(JsonNull.INSTANCE)).containsExactly(0xc0);
        assertThat(bytes(new JsonPrimitive(""))).containsExactly(0xa0);
        assertThat(bytes(new JsonPrimitive("é"))).containsExactly(0xa2, 0xc3, 0xa9);
        int[] s40 = bytes(new JsonPrimitive("x".repeat(40)));
        assertThat(s40[0]).isEqualTo(0xd9);
        assertThat(s40[1]).isEqualTo(40);
        assertThat(s40).hasSize(42);
        int[] s300 = bytes(new JsonPrimitive("x".repeat(300)));
        assertThat(new int[] {s300[0], s300[1], s300[2]}).containsExactly(0xda, 0x01, 0x2c);
    }

    @Test
    void containers() {
        JsonObject o = new JsonObject();
        o.addProperty("a", 1);
        JsonArray a = new JsonArray();
        a.add(1);
        a.add("b");
        o.add("c", a);
        assertThat(bytes(o)).containsExactly(0x82, 0xa1, 'a', 0x01, 0xa1, 'c', 0x92, 0x01, 0xa1, 'b');
        JsonArray sixteen = new JsonArray();
        for (int i = 0; i < 16; i++) {
            sixteen.add(i);
        }
        int[] b = bytes(sixteen);
        assertThat(new int[] {b[0], b[1], b[2], b[3]}).containsExactly(0xdc, 0x00, 0x10, 0x00);
        assertThat(b).hasSize(19);
    }
}

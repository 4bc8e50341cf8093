package io.canopy.hardware.dynamixel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Canopy's Protocol 2.0 packets are byte-identical to the example packets of the ROBOTIS e-Manual (kept in
 * {@code emanual-protocol2-examples.txt} with their source), for every instruction the manual shows; and each of
 * the manual's packets parses back to the instruction, id and parameters it stands for.
 */
class EmanualPacketsTest {
    private static final Map<String, byte[]> MANUAL = new HashMap<>();
    private final byte[] out = new byte[256];
    private final byte[] scratch = new byte[256];

    @BeforeAll
    static void load() throws IOException {
        try (InputStream in = EmanualPacketsTest.class.getResourceAsStream("emanual-protocol2-examples.txt")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                int colon = line.indexOf(':');
                MANUAL.put(line.substring(0, colon).trim(), HexFormat.of().parseHex(line.substring(colon + 1).replace(" ", "").trim()));
            }
        }
    }

    private void same(String name, int len) {
        byte[] expected = MANUAL.get(name);
        byte[] got = java.util.Arrays.copyOf(out, len);
        assertArrayEquals(expected, got, name + ": manual " + HexFormat.ofDelimiter(" ").formatHex(expected)
                + " but Canopy wrote " + HexFormat.ofDelimiter(" ").formatHex(got));
    }

    @Test
    void instructionPacketsMatchTheManual() {
        same("ping_id1", DxlPackets.ping(out, 1));
        same("ping_broadcast", DxlPackets.ping(out, DxlPackets.BROADCAST_ID));
        same("read_present_position_id1", DxlPackets.read(out, scratch, 1, 132, 4));
        same("write_goal_position_512_id1", DxlPackets.write(out, scratch, 1, 116, 4, 512));
        scratch[0] = 0x68;
        scratch[1] = 0;
        DxlPackets.putLe(scratch, 2, 4, 200);
        same("reg_write_goal_velocity_200_id1", DxlPackets.packet(out, 1, DxlPackets.REG_WRITE, scratch, 6));
        same("action_id1", DxlPackets.packet(out, 1, DxlPackets.ACTION, scratch, 0));
        scratch[0] = 0x01;
        same("factory_reset_except_id_id1", DxlPackets.packet(out, 1, DxlPackets.FACTORY_RESET, scratch, 1));
        same("reboot_id1", DxlPackets.packet(out, 1, DxlPackets.REBOOT, scratch, 0));
        byte[] clear = {0x01, 0x44, 0x58, 0x4C, 0x22};
        same("clear_multi_turn_id1", DxlPackets.packet(out, 1, DxlPackets.CLEAR, clear, clear.length));
        same("sync_read_present_position_id1_id2", DxlPackets.syncRead(out, scratch, 132, 4, new int[] {1, 2}, 2));
        same("sync_write_goal_position_150_170",
                DxlPackets.syncWrite(out, scratch, 116, 4, new int[] {1, 2}, new long[] {150, 170}, 2));
        same("bulk_read_voltage_id1_temperature_id2",
                DxlPackets.bulkRead(out, scratch, new int[] {1, 2}, new int[] {144, 146}, new int[] {2, 1}, 2));
        same("bulk_write_voltage_limit_160_temperature_limit_80", DxlPackets.bulkWrite(out, scratch,
                new int[] {1, 2}, new int[] {32, 31}, new int[] {2, 1}, new long[] {160, 80}, 2));
    }

    @Test
    void statusPacketsMatchTheManual() {
        same("ping_id1_status", DxlPackets.status(out, scratch, 1, 0, new byte[] {0x06, 0x04, 0x26}, 3));
        same("ping_broadcast_status_id2", DxlPackets.status(out, scratch, 2, 0, new byte[] {0x06, 0x04, 0x26}, 3));
        same("read_status_id1_166", DxlPackets.status(out, scratch, 1, 0, new byte[] {(byte) 0xA6, 0, 0, 0}, 4));
        same("sync_read_status_id2_2079", DxlPackets.status(out, scratch, 2, 0, new byte[] {0x1F, 0x08, 0, 0}, 4));
        same("write_status_id1", DxlPackets.status(out, scratch, 1, 0, new byte[0], 0));
        same("bulk_read_status_id1_voltage_119", DxlPackets.status(out, scratch, 1, 0, new byte[] {0x77, 0}, 2));
        same("bulk_read_status_id2_temperature_36", DxlPackets.status(out, scratch, 2, 0, new byte[] {0x24}, 1));
    }

    private record Parsed(int id, int instruction, String params) {}

    private static List<Parsed> parse(byte[]... streams) {
        List<Parsed> got = new ArrayList<>();
        DxlParser p = new DxlParser((id, inst, params, n) ->
                got.add(new Parsed(id, inst, HexFormat.of().formatHex(params, 0, n))));
        for (byte[] s : streams) {
            p.feed(s, 0, s.length);
        }
        assertEquals(0, p.crcErrors());
        return got;
    }

    @Test
    void everyManualPacketParsesBack() {
        for (Map.Entry<String, byte[]> e : MANUAL.entrySet()) {
            List<Parsed> got = parse(e.getValue());
            assertEquals(1, got.size(), e.getKey());
            assertEquals(e.getValue()[4] & 0xFF, got.get(0).id(), e.getKey());
            assertEquals(e.getValue()[7] & 0xFF, got.get(0).instruction(), e.getKey());
        }
        assertEquals(List.of(new Parsed(1, 0x55, "00a6000000"), new Parsed(2, 0x55, "001f080000")),
                parse(MANUAL.get("sync_read_status_id1_166"), MANUAL.get("sync_read_status_id2_2079")));
    }
}

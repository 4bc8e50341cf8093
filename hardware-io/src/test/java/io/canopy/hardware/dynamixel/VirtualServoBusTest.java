package io.canopy.hardware.dynamixel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.canopy.hardware.serial.InProcessWire;
import io.canopy.hardware.serial.Transport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The virtual servo bus answers as the e-Manual specifies: sent the manual's own instruction packets, it answers
 * with the manual's status packets byte for byte (PING, broadcast PING, READ, WRITE, SYNC_READ), stuffs a status
 * whose data holds FF FF FD, sets the Alert bit while it has a hardware error, and answers a WRITE past its
 * table with an Access Error. Over an in-memory wire; the test plays the controller.
 */
class VirtualServoBusTest {
    private static final Map<String, byte[]> MANUAL = new HashMap<>();
    private final InProcessWire wire = new InProcessWire();
    private VirtualServoBus servos;
    private Transport controller;

    @BeforeAll
    static void load() throws IOException {
        try (InputStream in = VirtualServoBusTest.class.getResourceAsStream("emanual-protocol2-examples.txt")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    int colon = line.indexOf(':');
                    MANUAL.put(line.substring(0, colon).trim(),
                            HexFormat.of().parseHex(line.substring(colon + 1).replace(" ", "").trim()));
                }
            }
        }
    }

    @BeforeEach
    void start() throws IOException {
        servos = new VirtualServoBus(wire.end(true), 6.0, 1, 2).start(); // XM430-W210: model 1030, firmware 38, as the manual's
        controller = wire.end(false);
        controller.open();
    }

    @AfterEach
    void stop() {
        servos.close();
    }

    /** Sends {@code packet}, returns what comes back: {@code expected} bytes, or what came within two seconds. */
    private String exchange(byte[] packet, int expected) {
        controller.write(packet, packet.length);
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        byte[] buf = new byte[256];
        long deadline = System.nanoTime() + 2_000_000_000L;
        while (got.size() < expected && System.nanoTime() < deadline) {
            int n = controller.read(buf, 50);
            if (n > 0) {
                got.write(buf, 0, n);
            }
        }
        return hex(got.toByteArray());
    }

    private static String hex(byte[] b) {
        return HexFormat.ofDelimiter(" ").withUpperCase().formatHex(b);
    }

    private static String manual(String... names) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (String n : names) {
            b.writeBytes(MANUAL.get(n));
        }
        return hex(b.toByteArray());
    }

    @Test
    void itAnswersTheManualsInstructionsWithTheManualsStatusPackets() {
        assertEquals(manual("ping_id1_status"), exchange(MANUAL.get("ping_id1"), 14));
        assertEquals(manual("ping_broadcast_status_id1", "ping_broadcast_status_id2"), exchange(MANUAL.get("ping_broadcast"), 28));

        servos.set(1, 132, 4, 166);
        assertEquals(manual("read_status_id1_166"), exchange(MANUAL.get("read_present_position_id1"), 15));

        assertEquals(manual("write_status_id1"), exchange(MANUAL.get("write_goal_position_512_id1"), 11));
        assertEquals(512, servos.value(1, 116, 4), "the WRITE wrote Goal Position");

        servos.set(2, 132, 4, 2079);
        assertEquals(manual("sync_read_status_id1_166", "sync_read_status_id2_2079"),
                exchange(MANUAL.get("sync_read_present_position_id1_id2"), 30));
        assertEquals(1, servos.heard(DxlPackets.READ));
        assertEquals(2, servos.heard(DxlPackets.PING));
    }

    @Test
    void aStatusWhoseDataHoldsFfFfFdComesStuffedAndParsesBack() {
        servos.set(1, 132, 4, -131073); // 0xFFFDFFFF: little-endian FF FF FD FF
        byte[] read = new byte[32];
        int n = DxlPackets.read(read, new byte[8], 1, 132, 4);
        // derived by hand in DxlStuffingTest.aStatusPacketWithStuffingMatchesTheRuleAndParsesBack: data 00 FF FF FD FF
        // sent as 00 FF FF FD FD FF, Length 9, CRC DA 9E
        String got = exchange(java.util.Arrays.copyOf(read, n), 16);
        assertEquals("FF FF FD 00 01 09 00 55 00 FF FF FD FD FF DA 9E", got);
        long[] value = {0};
        DxlParser p = new DxlParser((id, inst, params, len) -> value[0] = DxlPackets.getLe(params, 1, len - 1, true));
        byte[] raw = HexFormat.ofDelimiter(" ").parseHex(got);
        p.feed(raw, 0, raw.length);
        assertEquals(-131073, value[0], "the stuffed FD is gone and Present Position comes back");
    }

    @Test
    void theAlertBitIsSetWhileTheServoHasAHardwareError() {
        servos.set(2, 70, 1, 0x20); // Overload
        byte[] ping = new byte[16];
        String got = exchange(java.util.Arrays.copyOf(ping, DxlPackets.ping(ping, 2)), 14);
        assertEquals("80", got.substring(3 * 8, 3 * 8 + 2), "error byte of " + got);
        // REBOOT clears the hardware error; the next status has no Alert bit
        byte[] reboot = new byte[16];
        exchange(java.util.Arrays.copyOf(reboot, DxlPackets.packet(reboot, 2, DxlPackets.REBOOT, reboot, 0)), 11);
        got = exchange(java.util.Arrays.copyOf(ping, DxlPackets.ping(ping, 2)), 14);
        assertEquals("00", got.substring(3 * 8, 3 * 8 + 2), "error byte of " + got);
    }

    @Test
    void aWritePastTheTableGetsAnAccessErrorAndABroadcastWriteNoStatus() {
        byte[] w = new byte[32];
        String got = exchange(java.util.Arrays.copyOf(w, DxlPackets.write(w, new byte[8], 1, 254, 4, 7)), 11);
        assertEquals("07", got.substring(3 * 8, 3 * 8 + 2), "Access Error in " + got);
        got = exchange(java.util.Arrays.copyOf(w, DxlPackets.write(w, new byte[8], DxlPackets.BROADCAST_ID, 65, 1, 1)), 1);
        assertEquals("", got, "no status to a broadcast WRITE");
        assertEquals(1, servos.value(1, 65, 1));
        assertEquals(1, servos.value(2, 65, 1));
    }
}

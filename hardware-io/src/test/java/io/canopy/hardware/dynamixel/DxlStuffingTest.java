package io.canopy.hardware.dynamixel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Byte stuffing as the e-Manual's "Packet Process" section states it (emanual.robotis.com/docs/en/dxl/protocol2/,
 * "Processing Order of Transmission"): the inspection range is the Instruction field to the last Parameter (not
 * the CRC); wherever {@code FF FF FD} appears there, one {@code FD} is added after it; then the Length is set
 * with the stuffing counted, then the CRC is computed over the stuffed packet. On reception the CRC is checked
 * over the packet as received, then the stuffing is removed. The manual prints no stuffed example, so the
 * expected packets here are derived by hand from that rule, with CRCs from the bit-serial {@link #crcBitwise}
 * (CRC-16, polynomial 0x8005, initial 0, checked below against the manual's PING packet), not Canopy's table.
 */
class DxlStuffingTest {
    private final byte[] out = new byte[512];
    private final byte[] scratch = new byte[512];

    private static byte[] hex(String s) {
        return HexFormat.of().parseHex(s.replace(" ", ""));
    }

    private static String hex(byte[] b, int off, int len) {
        return HexFormat.ofDelimiter(" ").withUpperCase().formatHex(b, off, off + len);
    }

    /** CRC-16/0x8005, init 0, MSB first, one bit at a time: the definition, independent of DxlCrc's table. */
    static int crcBitwise(byte[] b, int len) {
        int crc = 0;
        for (int i = 0; i < len; i++) {
            crc ^= (b[i] & 0xFF) << 8;
            for (int k = 0; k < 8; k++) {
                crc = (crc & 0x8000) != 0 ? (crc << 1) ^ 0x8005 : crc << 1;
                crc &= 0xFFFF;
            }
        }
        return crc;
    }

    @Test
    void theBitwiseCrcGivesTheManualsPingCrc() {
        // the manual's PING to id 1: FF FF FD 00 01 03 00 01, CRC 19 4E (low byte first)
        assertEquals(0x4E19, crcBitwise(hex("FF FF FD 00 01 03 00 01"), 8));
    }

    private void same(String expected, int len) {
        assertEquals(expected, hex(out, 0, len), "Canopy's packet against the one derived by hand");
    }

    @Test
    void aWriteWhoseParametersHoldFfFfFdIsStuffed() {
        // WRITE Homing Offset (address 20 = 0x14, 4 bytes) = -131073 = 0xFFFDFFFF to id 1.
        //   parameters as built:    14 00 | FF FF FD FF            (address LE, value LE)
        //   FF FF FD found at parameters 3..5: one FD goes after it
        //   parameters as sent:     14 00 FF FF FD FD FF           (7 bytes)
        //   Length = instruction 1 + parameters 7 + CRC 2 = 10 = 0A 00
        //   CRC over FF FF FD 00 01 0A 00 03 14 00 FF FF FD FD FF (bit-serial CRC-16/0x8005) = 0x8323: 23 83
        int len = DxlPackets.write(out, scratch, 1, 20, 4, -131073);
        same("FF FF FD 00 01 0A 00 03 14 00 FF FF FD FD FF 23 83", len);
        assertEquals(10, (out[5] & 0xFF) | (out[6] & 0xFF) << 8, "the length counts the stuffed byte");
        assertEquals(len - 7, 10);
        assertEquals(crcBitwise(out, len - 2), (out[len - 2] & 0xFF) | (out[len - 1] & 0xFF) << 8,
                "the CRC is over the stuffed packet");
    }

    @Test
    void aPatternEndingTheParametersIsStuffedBeforeTheCrc() {
        // WRITE Goal Position (116 = 0x74, 4 bytes) = 0xFDFFFF00 (-33554688) to id 1.
        //   parameters as built:    74 00 | 00 FF FF FD
        //   parameters as sent:     74 00 00 FF FF FD FD           (the FD added is the last byte before the CRC)
        //   Length = 1 + 7 + 2 = 10; CRC over FF FF FD 00 01 0A 00 03 74 00 00 FF FF FD FD = 0xCD2F: 2F CD
        same("FF FF FD 00 01 0A 00 03 74 00 00 FF FF FD FD 2F CD", DxlPackets.write(out, scratch, 1, 116, 4, 0xFDFFFF00L));
    }

    @Test
    void aStatusPacketWithStuffingMatchesTheRuleAndParsesBack() {
        // status of id 1 answering READ Present Position (4 bytes) = -131073 = 0xFFFDFFFF:
        //   error + data as built:  00 | FF FF FD FF
        //   as sent:                00 FF FF FD FD FF              (6 bytes)
        //   Length = instruction 0x55 1 + 6 + CRC 2 = 9; CRC over FF FF FD 00 01 09 00 55 00 FF FF FD FD FF = 0x9EDA: DA 9E
        String expected = "FF FF FD 00 01 09 00 55 00 FF FF FD FD FF DA 9E";
        same(expected, DxlPackets.status(out, scratch, 1, 0, hex("FF FF FD FF"), 4));
        List<String> got = parse(hex(expected));
        assertEquals(List.of("1 55 00fffffdff"), got, "the parser drops the stuffed FD and keeps the data's own bytes");
    }

    @Test
    void decodingRemovesTheStuffing() {
        assertEquals(List.of("1 3 1400fffffdff"), parse(hex("FF FF FD 00 01 0A 00 03 14 00 FF FF FD FD FF 23 83")));
        assertEquals(List.of("1 3 740000fffffd"), parse(hex("FF FF FD 00 01 0A 00 03 74 00 00 FF FF FD FD 2F CD")));
    }

    @Test
    void dataThatAlreadyHoldsFfFfFdFdGetsOneMoreFdAndKeepsBoth() {
        // parameters FF FF FD FD: the e-Manual's own case ("FF FF FD" already there becomes "FF FF FD FD"), so the
        // data's FD follows the added one: FF FF FD FD FD, and decoding gives back FF FF FD FD
        byte[] params = hex("FF FF FD FD");
        int len = DxlPackets.packet(out, 1, DxlPackets.WRITE, params, params.length);
        assertEquals("03 FF FF FD FD FD", hex(out, 7, len - 9));
        assertEquals(List.of("1 3 fffffdfd"), parse(java.util.Arrays.copyOf(out, len)));
    }

    /** Stuffing by the rule, over the packet before stuffing: an FD after every FF FF FD from the instruction on. */
    private static byte[] stuffByTheRule(int id, int instruction, byte[] params) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        byte[] plain = new byte[1 + params.length];
        plain[0] = (byte) instruction;
        System.arraycopy(params, 0, plain, 1, params.length);
        for (int i = 0; i < plain.length; i++) {
            body.write(plain[i]);
            if (i >= 2 && plain[i] == (byte) 0xFD && plain[i - 1] == (byte) 0xFF && plain[i - 2] == (byte) 0xFF) {
                body.write(0xFD);
            }
        }
        byte[] b = body.toByteArray();
        byte[] p = new byte[7 + b.length + 2];
        System.arraycopy(hex("FF FF FD 00"), 0, p, 0, 4);
        p[4] = (byte) id;
        p[5] = (byte) (b.length + 2);
        p[6] = (byte) ((b.length + 2) >> 8);
        System.arraycopy(b, 0, p, 7, b.length);
        int crc = crcBitwise(p, p.length - 2);
        p[p.length - 2] = (byte) crc;
        p[p.length - 1] = (byte) (crc >> 8);
        return p;
    }

    @Test
    void randomParametersRichInFfAndFdFollowTheRuleAndRoundTrip() {
        Random random = new Random(19);
        byte[] alphabet = hex("FF FD 00 55");
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        List<String> sent = new ArrayList<>();
        int stuffed = 0;
        for (int round = 0; round < 2000; round++) {
            byte[] params = new byte[random.nextInt(40)];
            for (int i = 0; i < params.length; i++) {
                params[i] = alphabet[random.nextInt(alphabet.length)];
            }
            int inst = round % 2 == 0 ? DxlPackets.WRITE : DxlPackets.STATUS;
            int len = DxlPackets.packet(out, 7, inst, params, params.length);
            byte[] expected = stuffByTheRule(7, inst, params);
            assertEquals(hex(expected, 0, expected.length), hex(out, 0, len), "parameters " + hex(params, 0, params.length));
            stuffed += len - 10 - params.length;
            for (int i = 7; i + 3 < len - 2; i++) { // no header can start inside the body: FF FF FD is always followed by FD
                assertTrue(!(out[i] == (byte) 0xFF && out[i + 1] == (byte) 0xFF && out[i + 2] == (byte) 0xFD)
                        || out[i + 3] == (byte) 0xFD, "a header inside the body at " + i);
            }
            stream.write(out, 0, len);
            stream.write(0x00); // a stray byte between packets
            sent.add("7 " + Integer.toHexString(inst) + " " + HexFormat.of().formatHex(params));
        }
        assertTrue(stuffed > 100, "the random parameters exercised the stuffing: " + stuffed + " bytes added");
        assertEquals(sent, parse(stream.toByteArray()));
    }

    @Test
    void aStrayFfBeforeAHeaderDoesNotHideThePacket() {
        // FF FF FF FD 00 ...: a glitch byte on the line as the servo starts sending; the last two FFs start the header
        assertEquals(List.of("1 55 00060426"), parse(hex("FF FF FF FD 00 01 07 00 55 00 06 04 26 65 5D")));
        assertEquals(List.of("1 55 00060426"), parse(hex("FF FF FF FF FF FD 00 01 07 00 55 00 06 04 26 65 5D")));
    }

    private static List<String> parse(byte[] stream) {
        List<String> got = new ArrayList<>();
        DxlParser p = new DxlParser((id, inst, params, n) ->
                got.add(id + " " + Integer.toHexString(inst) + " " + HexFormat.of().formatHex(params, 0, n)));
        p.feed(stream, 0, stream.length);
        assertEquals(0, p.crcErrors(), "CRC errors");
        assertEquals(0, p.badLengths(), "bad lengths");
        return got;
    }
}

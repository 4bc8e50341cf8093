package io.canopy.hardware.mavlink;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Bad input never costs a good frame: a frame cut short, a frame with a wrong checksum, a line of text and bytes
 * that look like the header of an unknown message are counted, and the good frames around them all arrive.
 */
class MavlinkParserResyncTest {
    private final List<Integer> seqs = new ArrayList<>();
    private final MavlinkParser parser = new MavlinkParser((spec, sys, comp, seq, p) -> seqs.add(seq));

    private static byte[] heartbeat(int seq) {
        byte[] payload = new byte[255];
        payload[MavlinkMessages.HEARTBEAT.offset("custom_mode")] = 4;
        byte[] out = new byte[MavlinkFrames.MAX_FRAME];
        int n = MavlinkFrames.encode(MavlinkMessages.HEARTBEAT, payload, seq, 1, 1, out);
        return java.util.Arrays.copyOf(out, n);
    }

    private void feed(byte[] b) {
        parser.feed(b, 0, b.length);
    }

    @Test
    void aTruncatedFrameDoesNotSwallowTheGoodFrameBehindIt() {
        byte[] first = heartbeat(1);
        feed(java.util.Arrays.copyOf(first, 8)); // header only
        feed(heartbeat(2));
        feed(heartbeat(3));
        assertEquals(List.of(2, 3), seqs);
        assertEquals(1, parser.garbageRuns(), "the cut frame is counted as one stretch of bad bytes");
        assertEquals(7, parser.garbageBytes(), "its bytes after the start marker");
    }

    @Test
    void aWrongChecksumATextLineAndAFakeHeaderAreCountedAndEveryGoodFrameArrives() {
        byte[] bad = heartbeat(1);
        bad[bad.length - 1] ^= 0x5a;
        feed(bad);
        feed(heartbeat(2));
        feed("garbage \u00fd line\r\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1)); // holds a 0xFD
        feed(heartbeat(3));
        byte[] fake = {(byte) 0xFD, 3, 0, 0, 9, 1, 1, (byte) 0x99, (byte) 0x99, 0x7F, 1, 2, 3, 0x55, 0x66};
        feed(fake); // "message 0x7F9999": unknown, and no frame starts right after it
        feed(new byte[] {0x20, 0x21});
        feed(heartbeat(4));
        assertEquals(List.of(2, 3, 4), seqs);
        assertEquals(1, parser.crcErrors());
        assertEquals(0, parser.unknownMessages(), "the fake header is not believed: no frame follows it");
        assertEquals(4, parser.frames() + 1, "three good frames");
    }

    @Test
    void anUnknownMessageFollowedByAFrameIsSkippedWhole() {
        byte[] unknown = {(byte) 0xFD, 2, 0, 0, 9, 1, 1, (byte) 0x99, (byte) 0x99, 0x7F, (byte) 0xFD, 0x00, 0x12, 0x34};
        feed(unknown);
        feed(heartbeat(5));
        assertEquals(List.of(5), seqs);
        assertEquals(1, parser.unknownMessages());
        assertEquals(0, parser.garbageBytes(), "its payload, which holds a start marker, is not rescanned");
    }
}

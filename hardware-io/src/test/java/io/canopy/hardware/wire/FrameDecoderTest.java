package io.canopy.hardware.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class FrameDecoderTest {

    /** Records frames and errors. */
    static final class Recorder implements FrameHandler {
        final List<byte[]> payloads = new ArrayList<>();
        final List<Integer> seqs = new ArrayList<>();
        final List<String> errors = new ArrayList<>();
        boolean accept = true;

        @Override
        public boolean onFrame(int seq, byte[] payload, int off, int len) {
            seqs.add(seq);
            payloads.add(Arrays.copyOfRange(payload, off, off + len));
            return accept;
        }

        @Override
        public void onError(FrameError kind, long streamOffset, int length) {
            errors.add(kind + "@" + streamOffset);
        }
    }

    private final FrameEncoder encoder = new FrameEncoder();
    private final Recorder recorder = new Recorder();
    private final FrameDecoder decoder = new FrameDecoder(recorder);

    private byte[] frame(byte... payload) {
        byte[] out = new byte[FrameFormat.MAX_FRAME];
        int n = encoder.encode(payload, 0, payload.length, out);
        return Arrays.copyOf(out, n);
    }

    private void feed(byte[]... chunks) {
        for (byte[] c : chunks) {
            decoder.accept(c, 0, c.length);
        }
    }

    @Test
    void encodesTheWorkedExampleOfTheWireFormatDoc() {
        // seq 0, payload = Envelope{heartbeat{uptime_ms: 1000}} = 82 01 03 08 E8 07
        byte[] payload = io.canopy.proto.Envelope.newBuilder()
                .setHeartbeat(io.canopy.proto.Heartbeat.newBuilder().setUptimeMs(1000))
                .build()
                .toByteArray();
        assertThat(HexFormatting.hex(payload)).isEqualTo("82 01 03 08 E8 07");
        byte[] f = frame(payload);
        assertThat(HexFormatting.hex(f)).isEqualTo("01 09 82 01 03 08 E8 07 2E B0 00");
    }

    @Test
    void decodesAFrameFedOneByteAtATime() {
        byte[] f = frame(new byte[] {1, 2, 0, 3});
        for (byte b : f) {
            decoder.accept(new byte[] {b}, 0, 1);
        }
        assertThat(recorder.payloads).containsExactly(new byte[] {1, 2, 0, 3});
        assertThat(decoder.frames()).isEqualTo(1);
        assertThat(decoder.badFrames()).isZero();
    }

    @Test
    void emptyPayloadIsAValidFrameAndRepeatedDelimitersAreIgnored() {
        feed(new byte[] {0, 0, 0}, frame(), new byte[] {0, 0});
        assertThat(recorder.payloads).containsExactly(new byte[0]);
        assertThat(decoder.badFrames()).isZero();
    }

    @Test
    void badCrcIsCountedWithItsOffsetAndTheNextFrameArrives() {
        byte[] bad = frame(new byte[] {7, 7, 7});
        bad[2] ^= 0x01; // flip a payload bit
        byte[] good = frame((byte) 9);
        feed(bad, good);
        assertThat(decoder.errors(FrameError.BAD_CRC)).isEqualTo(1);
        assertThat(recorder.errors).containsExactly("BAD_CRC@0");
        assertThat(recorder.payloads).containsExactly(new byte[] {9});
    }

    @Test
    void shortBodyIsCounted() {
        feed(new byte[] {0x03, 0x11, 0x22, 0x00}, frame((byte) 5));
        assertThat(decoder.errors(FrameError.SHORT)).isEqualTo(1);
        assertThat(recorder.payloads).containsExactly(new byte[] {5});
    }

    @Test
    void badCobsIsCounted() {
        feed(new byte[] {0x09, 0x11, 0x22, 0x00}, frame((byte) 5));
        assertThat(decoder.errors(FrameError.BAD_COBS)).isEqualTo(1);
        assertThat(recorder.payloads).containsExactly(new byte[] {5});
    }

    @Test
    void oversizeIsCountedOnceAndTheRestOfTheRunIsDropped() {
        byte[] run = new byte[5000];
        Arrays.fill(run, (byte) 0x42);
        feed(run, new byte[] {0}, frame((byte) 5));
        assertThat(decoder.errors(FrameError.OVERSIZE)).isEqualTo(1);
        assertThat(recorder.payloads).containsExactly(new byte[] {5});
    }

    @Test
    void largestPayloadPassesAndOneMoreByteIsRejectedByTheEncoder() {
        byte[] payload = new byte[FrameFormat.MAX_PAYLOAD];
        new Random(1).nextBytes(payload);
        feed(frame(payload));
        assertThat(recorder.payloads).containsExactly(payload);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> frame(new byte[FrameFormat.MAX_PAYLOAD + 1]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1025 bytes");
    }

    @Test
    void payloadOverTheLimitWithAGoodCrcIsOversize() {
        // a peer that ignores the limit: 1025 payload bytes, correct CRC
        byte[] body = new byte[1 + 1025 + 2];
        Arrays.fill(body, 1, 1026, (byte) 0x11);
        int crc = Crc16Xmodem.compute(body, 0, 1026);
        body[1026] = (byte) (crc >>> 8);
        body[1027] = (byte) crc;
        byte[] enc = new byte[Cobs.maxEncodedLength(body.length) + 1];
        int n = Cobs.encode(body, 0, body.length, enc, 0);
        enc[n] = 0;
        decoder.accept(enc, 0, n + 1);
        assertThat(decoder.errors(FrameError.OVERSIZE)).isEqualTo(1);
        assertThat(recorder.payloads).isEmpty();
    }

    @Test
    void sequenceGapsCountLostFrames() {
        byte[] f0 = frame((byte) 1);
        frame((byte) 2); // seq 1: lost
        frame((byte) 3); // seq 2: lost
        byte[] f3 = frame((byte) 4);
        feed(f0, f3);
        assertThat(decoder.lostFrames()).isEqualTo(2);
        assertThat(decoder.errors(FrameError.SEQ_GAP)).isEqualTo(1);
        assertThat(recorder.seqs).containsExactly(0, 3);
    }

    @Test
    void sequenceWrapsAt256WithoutAGap() {
        for (int i = 0; i < 600; i++) {
            feed(frame((byte) i));
        }
        assertThat(decoder.lostFrames()).isZero();
        assertThat(decoder.frames()).isEqualTo(600);
    }

    @Test
    void resetForgetsTheExpectedSeqAndAPartialFrame() {
        feed(frame((byte) 1));
        byte[] f = frame((byte) 2);
        decoder.accept(f, 0, 3); // half a frame, then the line drops
        decoder.reset();
        frame((byte) 3);
        feed(frame((byte) 4));
        assertThat(decoder.lostFrames()).isZero();
        assertThat(decoder.badFrames()).isZero();
        assertThat(recorder.payloads).containsExactly(new byte[] {1}, new byte[] {4});
    }

    @Test
    void rejectedPayloadIsCountedAsUnparsable() {
        recorder.accept = false;
        feed(frame((byte) 1));
        assertThat(decoder.errors(FrameError.UNPARSABLE)).isEqualTo(1);
        assertThat(decoder.frames()).isZero();
    }

    @Test
    void throwingHandlerIsCountedAndDoesNotEscape() {
        FrameDecoder d = new FrameDecoder((seq, p, off, len) -> {
            throw new IllegalStateException("boom");
        });
        byte[] f = frame((byte) 1);
        d.accept(f, 0, f.length);
        assertThat(d.errors(FrameError.HANDLER_FAILED)).isEqualTo(1);
    }

    @Test
    void anyPayloadRoundTripsInAnyChunking() {
        Random random = new Random(7);
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        List<byte[]> sent = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            byte[] p = new byte[random.nextInt(FrameFormat.MAX_PAYLOAD + 1)];
            random.nextBytes(p);
            sent.add(p);
            wire.writeBytes(frame(p));
        }
        byte[] all = wire.toByteArray();
        for (int i = 0; i < all.length; ) {
            int n = Math.min(all.length - i, 1 + random.nextInt(700));
            decoder.accept(all, i, n);
            i += n;
        }
        assertThat(recorder.payloads).containsExactlyElementsOf(sent);
        assertThat(decoder.badFrames()).isZero();
        assertThat(decoder.lostFrames()).isZero();
        assertThat(decoder.bytes()).isEqualTo(all.length);
    }

    @Test
    void anyGarbageNeverThrowsAndTheNextGoodFrameArrives() {
        Random random = new Random(11);
        for (int i = 0; i < 3000; i++) {
            byte[] garbage = new byte[random.nextInt(3000)];
            random.nextBytes(garbage);
            if (random.nextInt(4) == 0) {
                Arrays.fill(garbage, (byte) 0x55); // long runs without a delimiter
            }
            int before = recorder.payloads.size();
            byte[] payload = {(byte) i, (byte) (i >> 8), 0x5A};
            decoder.accept(garbage, 0, garbage.length);
            // the first delimiter ends the garbage; the frame after it must come through intact
            feed(new byte[] {0}, frame(payload));
            assertThat(recorder.payloads.size()).as("iteration %d", i).isGreaterThan(before);
            assertThat(recorder.payloads.get(recorder.payloads.size() - 1)).containsExactly(payload);
        }
    }
}

package io.canopy.hardware.wire;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.Arrays;

/**
 * Fuzzes the frame decoder. {@code mvn verify} runs it in regression mode on the seeds in
 * {@code src/test/resources/io/canopy/hardware/wire/FrameDecoderFuzzTestInputs/}; a real fuzzing run:
 * {@code JAZZER_FUZZ=1 mvn -pl hardware-io -am test -Dtest=FrameDecoderFuzzTest -Dsurefire.failIfNoSpecifiedTests=false}
 * (the generated corpus goes to {@code .cifuzz-corpus/}, findings to the Inputs directory).
 */
class FrameDecoderFuzzTest {

    private static final byte[] GOOD_PAYLOAD = {0x12, 0x04, 'f', 'u', 'z', 'z'};

    /** Any bytes, cut into chunks anywhere: never throws, and a good frame after a delimiter arrives. */
    @FuzzTest(maxDuration = "10s")
    void anyBytesNeverThrowAndTheNextGoodFrameArrives(byte[] data) {
        int[] frames = new int[1];
        byte[][] last = new byte[1][];
        FrameDecoder decoder = new FrameDecoder((seq, payload, off, len) -> {
            frames[0]++;
            last[0] = Arrays.copyOfRange(payload, off, off + len);
            return true;
        });
        int cut = data.length == 0 ? 0 : (data[0] & 0xFF) % (data.length + 1);
        decoder.accept(data, 0, cut);
        decoder.accept(data, cut, data.length - cut);
        assertThat(decoder.bytes()).isEqualTo(data.length);

        byte[] frame = new byte[FrameFormat.MAX_FRAME];
        int n = new FrameEncoder().encode(GOOD_PAYLOAD, 0, GOOD_PAYLOAD.length, frame);
        int before = frames[0];
        decoder.accept(new byte[] {0}, 0, 1);
        decoder.accept(frame, 0, n);
        assertThat(frames[0]).isGreaterThan(before);
        assertThat(last[0]).containsExactly(GOOD_PAYLOAD);
    }

    /** Any payload up to the limit round-trips through encoder and decoder unchanged. */
    @FuzzTest(maxDuration = "10s")
    void anyPayloadRoundTrips(byte[] payload) {
        if (payload.length > FrameFormat.MAX_PAYLOAD) {
            return;
        }
        byte[] frame = new byte[FrameFormat.MAX_FRAME];
        int n = new FrameEncoder().encode(payload, 0, payload.length, frame);
        for (int i = 0; i < n - 1; i++) {
            assertThat(frame[i]).isNotZero();
        }
        byte[][] got = new byte[1][];
        FrameDecoder decoder = new FrameDecoder((seq, p, off, len) -> {
            got[0] = Arrays.copyOfRange(p, off, off + len);
            return true;
        });
        decoder.accept(frame, 0, n);
        assertThat(got[0]).containsExactly(payload);
        assertThat(decoder.badFrames()).isZero();
    }
}

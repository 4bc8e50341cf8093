package io.canopy.hardware.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CobsTest {

    private static byte[] bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            b[i] = (byte) values[i];
        }
        return b;
    }

    private static byte[] encode(byte[] src) {
        byte[] out = new byte[Cobs.maxEncodedLength(src.length)];
        int n = Cobs.encode(src, 0, src.length, out, 0);
        return Arrays.copyOf(out, n);
    }

    private static byte[] decode(byte[] src) {
        byte[] out = new byte[src.length];
        int n = Cobs.decode(src, 0, src.length, out, 0);
        return n < 0 ? null : Arrays.copyOf(out, n);
    }

    @Test
    void aSingleZeroEncodesTo0101() {
        assertThat(encode(bytes(0x00))).containsExactly(bytes(0x01, 0x01));
    }

    @Test
    void zeroInTheMiddleBecomesACodeByte() {
        assertThat(encode(bytes(0x11, 0x22, 0x00, 0x33))).containsExactly(bytes(0x03, 0x11, 0x22, 0x02, 0x33));
    }

    @Test
    void twoHundredFiftyFourNonZeroBytesEncodeToFfBytesThen01() {
        byte[] src = new byte[254];
        for (int i = 0; i < src.length; i++) {
            src[i] = (byte) (i + 1);
        }
        byte[] enc = encode(src);
        assertThat(enc).hasSize(256);
        assertThat(enc[0]).isEqualTo((byte) 0xFF);
        assertThat(Arrays.copyOfRange(enc, 1, 255)).containsExactly(src);
        assertThat(enc[255]).isEqualTo((byte) 0x01);
    }

    @Test
    void emptyInputEncodesToOneCodeByte() {
        assertThat(encode(new byte[0])).containsExactly(bytes(0x01));
        assertThat(decode(bytes(0x01))).isEmpty();
    }

    @Test
    void decodesTheKnownVectors() {
        assertThat(decode(bytes(0x01, 0x01))).containsExactly(bytes(0x00));
        assertThat(decode(bytes(0x03, 0x11, 0x22, 0x02, 0x33))).containsExactly(bytes(0x11, 0x22, 0x00, 0x33));
    }

    @Test
    void rejectsAZeroByteInside() {
        assertThat(decode(bytes(0x03, 0x11, 0x00))).isNull();
        assertThat(decode(bytes(0x00))).isNull();
    }

    @Test
    void rejectsACodeThatRunsPastTheEnd() {
        assertThat(decode(bytes(0x05, 0x11, 0x22))).isNull();
    }

    @Test
    void rejectsOutputThatDoesNotFit() {
        byte[] src = bytes(0x04, 0x11, 0x22, 0x33);
        assertThat(Cobs.decode(src, 0, src.length, new byte[2], 0)).isEqualTo(-1);
    }

    @Test
    void anyBlockRoundTripsAndContainsNoZero() {
        Random random = new Random(42);
        for (int iteration = 0; iteration < 2000; iteration++) {
            byte[] src = new byte[random.nextInt(1100)];
            random.nextBytes(src);
            if (random.nextBoolean()) {
                for (int i = 0; i < src.length; i += 1 + random.nextInt(300)) {
                    src[i] = 0; // runs of every length, zeros at the edges
                }
            }
            byte[] enc = encode(src);
            assertThat(enc.length).isLessThanOrEqualTo(Cobs.maxEncodedLength(src.length));
            for (byte b : enc) {
                assertThat(b).as("encoded byte").isNotZero();
            }
            assertThat(decode(enc)).as("iteration %d, length %d", iteration, src.length).containsExactly(src);
        }
    }
}

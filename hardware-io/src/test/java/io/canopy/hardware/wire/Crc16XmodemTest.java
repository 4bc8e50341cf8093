package io.canopy.hardware.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class Crc16XmodemTest {

    @Test
    void checkValueOf123456789Is0x31C3() {
        byte[] data = "123456789".getBytes(StandardCharsets.US_ASCII);
        assertThat(Crc16Xmodem.compute(data, 0, data.length)).isEqualTo(0x31C3);
    }

    @Test
    void emptyInputGivesTheInitialValueZero() {
        assertThat(Crc16Xmodem.compute(new byte[0], 0, 0)).isZero();
    }

    @Test
    void updateInPiecesEqualsComputeInOneGo() {
        byte[] data = "123456789".getBytes(StandardCharsets.US_ASCII);
        int crc = Crc16Xmodem.update(0, data, 0, 4);
        crc = Crc16Xmodem.update(crc, data, 4, 5);
        assertThat(crc).isEqualTo(0x31C3);
    }

    @Test
    void knownVectorsOfSingleBytes() {
        // bit-by-bit reference: poly 0x1021, init 0, no reflection
        assertThat(Crc16Xmodem.compute(new byte[] {0x01}, 0, 1)).isEqualTo(0x1021);
        assertThat(Crc16Xmodem.compute(new byte[] {(byte) 0xFF}, 0, 1)).isEqualTo(0x1EF0);
        assertThat(Crc16Xmodem.compute(new byte[] {0x41}, 0, 1)).isEqualTo(0x58E5);
    }
}

package io.canopy.hardware.serial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.InputException;
import org.junit.jupiter.api.Test;

class SerialConfigTest {
    @Test
    void defaultsAre8N1WithoutFlowControl() {
        SerialConfig c = SerialConfig.of("/dev/ttyUSB0", 115200).validate();
        assertThat(c.describe()).isEqualTo("/dev/ttyUSB0 115200 8N1 none");
        assertThat(c.withFraming(7, SerialConfig.Parity.EVEN, SerialConfig.StopBits.TWO)
                        .withFlowControl(SerialConfig.FlowControl.RTS_CTS).describe())
                .isEqualTo("/dev/ttyUSB0 115200 7E2 rts/cts");
    }

    @Test
    void badDataBitsNameThePortAndTheAllowedValues() {
        assertThatThrownBy(() -> SerialConfig.of("/dev/ttyUSB0", 115200)
                        .withFraming(9, SerialConfig.Parity.NONE, SerialConfig.StopBits.ONE).validate())
                .isInstanceOf(InputException.class)
                .hasMessage("serial port '/dev/ttyUSB0': data bits 9 is not one of 5, 6, 7, 8");
    }

    @Test
    void badBaudAndBackoffAreInputErrors() {
        assertThatThrownBy(() -> SerialConfig.of("/dev/x", 0).validate())
                .isInstanceOf(InputException.class).hasMessageContaining("baud 0");
        assertThatThrownBy(() -> SerialConfig.of("/dev/x", 9600).withReconnectBackoff(100, 10).validate())
                .isInstanceOf(InputException.class).hasMessageContaining("100..10 ms");
        assertThatThrownBy(() -> SerialConfig.of(" ", 9600).validate())
                .isInstanceOf(InputException.class).hasMessageContaining("path is empty");
    }

    @Test
    void openValidatesFirst() {
        assertThatThrownBy(() -> SerialLink.open(SerialConfig.of("/dev/x", -5), (l, e, at) -> { }))
                .isInstanceOf(InputException.class);
    }
}

package io.canopy.launch.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.InputException;
import org.junit.jupiter.api.Test;

class DurationsTest {
    @Test
    void unitsAreMillisecondsSecondsMinutesAndHoursWithSecondsByDefault() {
        assertThat(Durations.parseNs("500ms", "--duration")).isEqualTo(500_000_000L);
        assertThat(Durations.parseNs("30s", "--duration")).isEqualTo(30_000_000_000L);
        assertThat(Durations.parseNs("1.5s", "--duration")).isEqualTo(1_500_000_000L);
        assertThat(Durations.parseNs("2m", "--duration")).isEqualTo(120_000_000_000L);
        assertThat(Durations.parseNs("1h", "--duration")).isEqualTo(3_600_000_000_000L);
        assertThat(Durations.parseNs("7", "--duration")).isEqualTo(7_000_000_000L);
    }

    @Test
    void badDurationsAreInputErrorsThatShowTheForm() {
        assertThatThrownBy(() -> Durations.parseNs("soon", "--duration"))
                .isInstanceOf(InputException.class).hasMessage("--duration soon: not a duration; write for example 30s, 500ms, 2m or 1h");
        assertThatThrownBy(() -> Durations.parseNs("0s", "--duration")).hasMessageContaining("out of range");
    }
}

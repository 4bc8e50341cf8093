package io.canopy.tick;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DurationsTest {
    @Test
    void everyUnitAndPlainSeconds() {
        assertThat(Durations.parseNs("100ns")).isEqualTo(100L);
        assertThat(Durations.parseNs("250us")).isEqualTo(250_000L);
        assertThat(Durations.parseNs("500ms")).isEqualTo(500_000_000L);
        assertThat(Durations.parseNs("1.5s")).isEqualTo(1_500_000_000L);
        assertThat(Durations.parseNs(".5s")).isEqualTo(500_000_000L);
        assertThat(Durations.parseNs("5 s")).isEqualTo(5_000_000_000L);
        assertThat(Durations.parseNs("2m")).isEqualTo(120_000_000_000L);
        assertThat(Durations.parseNs("1h")).isEqualTo(3_600_000_000_000L);
        assertThat(Durations.parseNs("7")).as("a plain number is seconds").isEqualTo(7_000_000_000L);
        assertThat(Durations.parseNs("0")).isZero();
    }

    @Test
    void badTextNamesItAndTheForms() {
        assertThatThrownBy(() -> Durations.parseNs("soon")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("\"soon\" is not a duration; write for example " + Durations.EXAMPLES);
        assertThatThrownBy(() -> Durations.parseNs("-1s")).hasMessageContaining("not a duration");
        assertThatThrownBy(() -> Durations.parseNs("5", true)).hasMessageContaining("500ms, 5s or 2m");
        assertThatThrownBy(() -> Durations.parseNs("5d")).hasMessageContaining("not a duration");
    }

    @Test
    void timerPeriodsAndSendDelaysUseIt() {
        assertThat(TickRate.parse("5ms", "here").periodNs()).isEqualTo(5_000_000L);
        assertThat(TickRate.parse("250us", "here").periodNs()).isEqualTo(250_000L);
        assertThat(TickRate.parse("1s", "here").periodNs()).isEqualTo(1_000_000_000L);
        assertThatThrownBy(() -> TickRate.parse("5", "here")).hasMessageContaining("has no unit");
    }
}

package io.canopy.bt.control;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SwitchTest {
    @Test
    void casesMatchAsStringsThenWholeIntegersThenRealsWithinFloatEpsilon() {
        assertThat(Switch.matches("abc", "abc")).isTrue();
        assertThat(Switch.matches("-7", "-7")).isTrue();
        assertThat(Switch.matches("007", "7")).isTrue();
        assertThat(Switch.matches("42.0", "42")).isTrue();
        assertThat(Switch.matches("0.1", "0.10000001")).isTrue();
        assertThat(Switch.matches("0.1", "0.1001")).isFalse();
        assertThat(Switch.matches("1 ", "1")).isFalse();
        assertThat(Switch.matches("42xx", "42")).isFalse();
        assertThat(Switch.matches("", "0")).isFalse();
    }
}

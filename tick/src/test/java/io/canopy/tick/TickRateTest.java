package io.canopy.tick;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.InputException;
import org.junit.jupiter.api.Test;

class TickRateTest {
    @Test
    void deadlinesOfANonIntegerPeriodAreExactFloorsWithoutDrift() {
        TickRate r = TickRate.hz(3);
        assertThat(r.offsetNs(1)).isEqualTo(333_333_333L);
        assertThat(r.offsetNs(2)).isEqualTo(666_666_666L);
        assertThat(r.offsetNs(3)).isEqualTo(1_000_000_000L);
        assertThat(r.offsetNs(3 * 3_600L)).isEqualTo(3_600_000_000_000L);
    }

    @Test
    void offsetsDoNotOverflowForCenturiesOfTicks() {
        TickRate r = TickRate.hz(1000);
        long ticksIn200Years = 200L * 365 * 24 * 3600 * 1000;
        assertThat(r.offsetNs(ticksIn200Years)).isEqualTo(ticksIn200Years * 1_000_000L);
        TickRate odd = TickRate.hz(999_983);
        long k = 5_000_000_000L;
        assertThat(odd.offsetNs(k)).isEqualTo(java.math.BigInteger.valueOf(k).multiply(java.math.BigInteger.valueOf(1_000_000_000L))
                .divide(java.math.BigInteger.valueOf(999_983)).longValueExact());
    }

    @Test
    void firstIndexAfterFindsTheNextDeadline() {
        TickRate r = TickRate.hz(3);
        assertThat(r.firstIndexAfter(0)).isEqualTo(1);
        assertThat(r.firstIndexAfter(333_333_332L)).isEqualTo(1);
        assertThat(r.firstIndexAfter(333_333_333L)).isEqualTo(2);
        assertThat(r.firstIndexAfter(999_999_999L)).isEqualTo(3);
        assertThat(r.firstIndexAfter(1_000_000_000L)).isEqualTo(4);
    }

    @Test
    void fractionalRatesAreExact() {
        assertThat(TickRate.hz(2.5).offsetNs(1)).isEqualTo(400_000_000L);
        assertThat(TickRate.hz(0.5).periodNs()).isEqualTo(2_000_000_000L);
        assertThat(TickRate.hz(200.0)).isEqualTo(TickRate.hz(200));
        assertThat(TickRate.periodMs(5)).isEqualTo(TickRate.hz(200));
    }

    @Test
    void parsesLaunchFileRates() {
        assertThat(TickRate.parse("200Hz", "x")).isEqualTo(TickRate.hz(200));
        assertThat(TickRate.parse(" 2.5 hz ", "x")).isEqualTo(TickRate.hz(2.5));
        assertThat(TickRate.parse("1kHz", "x")).isEqualTo(TickRate.hz(1000));
        assertThat(TickRate.parse("5ms", "x")).isEqualTo(TickRate.hz(200));
        assertThat(TickRate.parse("250us", "x")).isEqualTo(TickRate.hz(4000));
        assertThat(TickRate.parse("1s", "x")).isEqualTo(TickRate.hz(1));
        assertThat(TickRate.parse("100000ns", "x")).isEqualTo(TickRate.hz(10_000));
    }

    @Test
    void badRateIsAnInputErrorNamingWhereAndHowToFix() {
        assertThatThrownBy(() -> TickRate.parse("fast", "robot.launch.xml:12:5 <timer name='control'>"))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("robot.launch.xml:12:5")
                .hasMessageContaining("\"fast\"")
                .hasMessageContaining("200Hz");
        assertThatThrownBy(() -> TickRate.parse("-5Hz", "f:1:1"))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("-5Hz");
        assertThatThrownBy(() -> TickRate.hz(0)).isInstanceOf(IllegalArgumentException.class);
    }
}

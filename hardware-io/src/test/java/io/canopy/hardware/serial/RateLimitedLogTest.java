package io.canopy.hardware.serial;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.hardware.wire.FrameError;
import io.canopy.tick.ManualNanoClock;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class RateLimitedLogTest {
    @Test
    void logsOncePerSecondPerKindAndCountsTheRest() {
        ManualNanoClock clock = new ManualNanoClock(5);
        RateLimitedLog log = new RateLimitedLog(LoggerFactory.getLogger(RateLimitedLogTest.class), clock, 1_000_000_000L);
        log.badFrame("/dev/x", FrameError.BAD_CRC, 0, 10);
        for (int i = 0; i < 99; i++) {
            log.badFrame("/dev/x", FrameError.BAD_CRC, 10 * i, 10);
        }
        assertThat(log.suppressed(FrameError.BAD_CRC)).isEqualTo(99);
        log.badFrame("/dev/x", FrameError.SHORT, 0, 2);
        assertThat(log.suppressed(FrameError.SHORT)).as("other kinds have their own budget").isZero();
        clock.advanceNs(1_000_000_000L);
        log.badFrame("/dev/x", FrameError.BAD_CRC, 5000, 10);
        assertThat(log.suppressed(FrameError.BAD_CRC)).as("the next line reports and resets the count").isZero();
    }
}

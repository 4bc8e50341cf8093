package io.canopy.launch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.hardware.serial.SocatPtyPair;
import io.canopy.launch.cli.bench.LatencyBench;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wake_on} end to end through a real pty (socat): the tree's timer ticks once every 100 s, so only
 * wake-ups can turn the peer's range readings into motor commands within the test; every reading that is not
 * superseded by the next one before its tick must come back as a command carrying its value. No timing
 * assertion: the figures are {@code canopy bench latency}'s.
 */
class WakeOnPtyTest {
    @TempDir
    Path dir;

    @Test
    void readingsWakeTheTreeAndComeBackAsCommandsLongBeforeItsTimerWouldTick() throws Exception {
        Assumptions.assumeTrue(SocatPtyPair.available(), "socat is not installed (apt-get install socat): skipped");
        LatencyBench.Figures f = LatencyBench.run(dir, "wake", 20, 0.01, true, "1ms", 0, 20, 0, LatencyBench.DEFAULT_IDLE);
        assertThat(f.sent()).isEqualTo(20);
        // readings 50 ms apart on average: on a loaded host a few may be superseded, most are answered
        assertThat(f.answered()).isGreaterThanOrEqualTo(10);
        assertThat(f.maxUs()).isLessThan(100e6);
    }
}

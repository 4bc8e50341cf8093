package io.canopy.tick.stats;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.tick.TickRate;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The timer statistics' histograms: the same figures as a plain histogram, in far less memory. */
class TimerStatsRecorderTest {

    @Test
    void figuresAreThoseOfAPlainHistogramOfTheSameLayoutAcrossReads() {
        TimerStatsRecorder r = new TimerStatsRecorder("t", TickRate.hz(1000));
        Histogram lateness = new Histogram(1, TimerStatsRecorder.HIGHEST_NS, 3);
        Histogram duration = new Histogram(1, TimerStatsRecorder.HIGHEST_NS, 3);
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 50_000; i++) {
            // lateness spread over 0..2 ms with a tail up to 40 ms, duration 0..300 us, some negative and huge ones
            long l = random.nextInt(100) == 0 ? random.nextLong(40_000_000L) : random.nextLong(2_000_000L);
            long d = i % 1000 == 0 ? 20_000_000_000L : random.nextLong(-10, 300_000L);
            r.recordTick(l, d, 0);
            lateness.recordValue(l);
            duration.recordValue(Math.max(0, Math.min(d, TimerStatsRecorder.HIGHEST_NS)));
            if (i % 7_000 == 0) {
                r.snapshot(); // intervals moved to the totals in between
            }
        }
        TimerStats s = r.snapshot();
        for (double p : new double[] {0, 50, 90, 99, 99.9, 99.99, 100}) {
            assertThat(s.latenessNsAt(p)).as("lateness p%s", p).isEqualTo(lateness.getValueAtPercentile(p));
            assertThat(s.durationNsAt(p)).as("duration p%s", p).isEqualTo(duration.getValueAtPercentile(p));
        }
        assertThat(s.maxLatenessNs()).isEqualTo(lateness.getMaxValue());
        assertThat(s.maxDurationNs()).isEqualTo(duration.getMaxValue()).isGreaterThanOrEqualTo(TimerStatsRecorder.HIGHEST_NS);
        assertThat(s.latenessHistogram().getTotalCount()).isEqualTo(50_000);
        assertThat(s.durationHistogram().getTotalCount()).isEqualTo(50_000);
        assertThat(s.ticks()).isEqualTo(50_000);
        assertThat(s.unrecorded()).isZero();
    }

    @Test
    void aSnapshotsHistogramsTakeAFewKilobytesNotTwoHundred() {
        TimerStatsRecorder r = new TimerStatsRecorder("t", TickRate.hz(1000));
        SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < 100_000; i++) {
            r.recordTick(random.nextLong(200_000L), random.nextLong(50_000L), 0);
        }
        TimerStats s = r.snapshot();
        // a Histogram(1, 10 s, 3) with long counts is 25,600 buckets, 204,800 bytes whatever it holds
        assertThat(s.latenessHistogram().getEstimatedFootprintInBytes()).isLessThan(40_000);
        assertThat(s.durationHistogram().getEstimatedFootprintInBytes()).isLessThan(40_000);
        assertThat(TimerStatsRecorder.newInterval().getEstimatedFootprintInBytes()).isLessThan(110_000);
    }

    @Test
    void anIntervalNobodyReadsStopsAtItsLimitAndCountsTheRestAsUnrecorded() {
        TimerStatsRecorder r = new TimerStatsRecorder("t", TickRate.hz(1000), 100);
        for (int i = 0; i < 150; i++) {
            r.recordTick(1_000, 500, 0);
        }
        TimerStats s = r.snapshot();
        assertThat(s.ticks()).isEqualTo(150);
        assertThat(s.latenessHistogram().getTotalCount()).isEqualTo(100);
        assertThat(s.unrecorded()).isEqualTo(50);

        for (int i = 0; i < 80; i++) { // the read emptied the interval: recorded again
            r.recordTick(2_000, 500, 0);
        }
        s = r.snapshot();
        assertThat(s.latenessHistogram().getTotalCount()).isEqualTo(180);
        assertThat(s.maxLatenessNs()).isEqualTo(2_000);
        assertThat(s.unrecorded()).isEqualTo(50);

        r.reset();
        assertThat(r.snapshot().unrecorded()).isZero();
        assertThat(r.snapshot().latenessHistogram().getTotalCount()).isZero();
    }

    @Test
    void readersOnAnotherThreadLoseNoTick() throws Exception {
        TimerStatsRecorder r = new TimerStatsRecorder("t", TickRate.hz(1000));
        Thread writer = new Thread(() -> {
            for (int i = 0; i < 200_000; i++) {
                r.recordTick(i % 5_000, i % 700, 0);
            }
        });
        writer.start();
        long previous = 0;
        while (writer.isAlive()) {
            long n = r.snapshot().latenessHistogram().getTotalCount();
            assertThat(n).isGreaterThanOrEqualTo(previous);
            previous = n;
        }
        writer.join();
        TimerStats s = r.snapshot();
        assertThat(s.latenessHistogram().getTotalCount()).isEqualTo(200_000);
        assertThat(s.durationHistogram().getTotalCount()).isEqualTo(200_000);
    }
}

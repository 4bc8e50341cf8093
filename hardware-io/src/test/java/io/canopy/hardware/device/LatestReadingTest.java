package io.canopy.hardware.device;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LatestReadingTest {
    @Test
    void nothingReceivedIsInfinitelyStale() {
        LatestReading r = new LatestReading("r", 2);
        assertThat(r.read(new double[2])).isEqualTo(Long.MIN_VALUE);
        assertThat(r.ageNs(123)).isEqualTo(Long.MAX_VALUE);
        assertThat(r.isStale(123, Long.MAX_VALUE - 1)).isTrue();
        assertThat(r.count()).isZero();
    }

    @Test
    void aReaderAlwaysSeesTheValuesOfOneMessage() throws Exception {
        LatestReading r = new LatestReading("r", 4);
        int writes = 2_000_000;
        Thread writer = new Thread(() -> {
            for (int i = 1; i <= writes; i++) {
                r.publish(i, i, -i, 2.0 * i, i);
            }
        });
        writer.start();
        double[] v = new double[4];
        long torn = 0;
        long reads = 0;
        while (writer.isAlive() || reads == 0) {
            long at = r.read(v);
            reads++;
            if (at != Long.MIN_VALUE && (v[0] != at || v[1] != -at || v[2] != 2.0 * at || v[3] != at)) {
                torn++;
            }
        }
        writer.join();
        assertThat(torn).isZero();
        assertThat(r.count()).isEqualTo(writes);
        assertThat(r.value(0)).isEqualTo(writes);
    }
}

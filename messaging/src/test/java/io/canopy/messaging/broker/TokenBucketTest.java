package io.canopy.messaging.broker;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The broker's per-client token bucket, on a manual clock. */
class TokenBucketTest {
    private static final long MS = 1_000_000L;

    private static int take(TokenBucket b, int n, long nowNs) {
        int taken = 0;
        for (int i = 0; i < n; i++) {
            if (b.tryTake(nowNs)) {
                taken++;
            }
        }
        return taken;
    }

    @Test
    void aFullBucketGivesItsBurstThenRefillsAtItsRate() {
        TokenBucket b = new TokenBucket(100, 100, 0);
        assertThat(take(b, 500, 0)).as("the burst").isEqualTo(100);
        assertThat(b.has(0)).isFalse();
        assertThat(take(b, 500, 100 * MS)).as("100 ms at 100/s").isEqualTo(10);
        assertThat(take(b, 500, 105 * MS)).as("half a token is not a token").isZero();
        assertThat(take(b, 500, 110 * MS)).as("the half token kept adds up").isEqualTo(1);
    }

    @Test
    void aLongPauseRefillsOnlyUpToTheBurst() {
        TokenBucket b = new TokenBucket(1000, 50, 0);
        take(b, 50, 0);
        assertThat(take(b, 10_000, 3_600_000 * MS)).as("an hour later: the burst, not 3.6 M").isEqualTo(50);
        assertThat(take(b, 10_000, Long.MAX_VALUE / 2)).as("no overflow on a huge gap").isEqualTo(50);
    }

    @Test
    void hasDoesNotTake() {
        TokenBucket b = new TokenBucket(1, 1, 0);
        assertThat(b.has(0)).isTrue();
        assertThat(b.has(0)).isTrue();
        assertThat(b.tryTake(0)).isTrue();
        assertThat(b.tryTake(0)).isFalse();
    }
}

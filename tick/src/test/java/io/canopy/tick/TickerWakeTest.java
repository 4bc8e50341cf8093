package io.canopy.tick;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** {@link TickTimer#wake()}: an extra tick between deadlines, rate-limited, inbox first, deadlines unmoved. */
class TickerWakeTest {
    private static final long MS = 1_000_000L;

    @Test
    void aWakeUpRunsAnExtraTickNowAndAtMostOncePerLeastInterval() {
        ManualNanoClock clock = new ManualNanoClock(0);
        Ticker ticker = new Ticker("wake", clock);
        List<String> log = new ArrayList<>();
        ticker.addEventHandler(e -> log.add("event " + e.name() + " at " + clock.nanoTime() / MS));
        TickTimer t = ticker.addTimerHz("control", 10).wakeable(2 * MS);
        t.addListener(now -> log.add("tick at " + now / MS));
        ticker.startDeterministic();

        ticker.inbox().offer(new Event().set(EventKind.SENSOR, "range", 0));
        t.wake();
        ticker.advance(0);
        assertThat(log).containsExactly("event range at 0", "tick at 0");

        t.wake();
        t.wake(); // a second request before the tick is served by the same tick
        ticker.advance(1 * MS);
        assertThat(log).hasSize(2); // less than 2 ms since the last tick: not yet
        ticker.advance(1 * MS);
        assertThat(log).containsExactly("event range at 0", "tick at 0", "tick at 2");

        ticker.advance(98 * MS); // the regular deadline at 100 ms is where it was
        assertThat(log).containsExactly("event range at 0", "tick at 0", "tick at 2", "tick at 100");
        assertThat(t.wakeTicks()).isEqualTo(2);
        assertThat(t.stats().ticks()).isEqualTo(1);

        t.wake(); // right after a regular tick: the least interval counts from it
        ticker.advance(1 * MS);
        assertThat(log).hasSize(4);
        ticker.advance(1 * MS);
        assertThat(log).last().isEqualTo("tick at 102");
    }

    @Test
    void aRegularTickServesAPendingWakeUpAndATimerNotWakeableIgnoresIt() {
        ManualNanoClock clock = new ManualNanoClock(0);
        Ticker ticker = new Ticker("wake", clock);
        List<Long> ticks = new ArrayList<>();
        TickTimer t = ticker.addTimerHz("control", 1000).wakeable(5 * MS);
        t.addListener(ticks::add);
        TickTimer plain = ticker.addTimerHz("slow", 1);
        List<Long> slow = new ArrayList<>();
        plain.addListener(slow::add);
        ticker.startDeterministic();
        ticker.advance(1 * MS); // regular tick at 1 ms
        t.wake(); // due at 6 ms, but regular ticks at 2..6 ms come first and serve it
        plain.wake();
        ticker.advance(10 * MS);
        assertThat(ticks).containsExactly(1 * MS, 2 * MS, 3 * MS, 4 * MS, 5 * MS, 6 * MS, 7 * MS, 8 * MS, 9 * MS, 10 * MS,
                11 * MS);
        assertThat(t.wakeTicks()).isZero();
        assertThat(slow).isEmpty();
        assertThat(plain.isWakeable()).isFalse();
    }

    @Test
    void aWakeUpFromAnotherThreadEndsTheTickThreadsWaitOnTheRealClock() {
        Ticker ticker = new Ticker("wake-real", SystemNanoClock.INSTANCE);
        AtomicLong woken = new AtomicLong();
        // one tick an hour: only a wake-up can tick it within the test
        TickTimer t = ticker.addTimer("hourly", TickRate.periodNs(3_600_000L * MS)).wakeable(0);
        t.addListener(now -> woken.incrementAndGet());
        ticker.start();
        try {
            for (int i = 1; i <= 3; i++) {
                t.wake();
                long expected = i;
                await().atMost(Duration.ofSeconds(30)).until(() -> woken.get() >= expected);
            }
            assertThat(t.wakeTicks()).isGreaterThanOrEqualTo(3);
        } finally {
            ticker.stop();
        }
    }
}

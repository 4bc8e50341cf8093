package io.canopy.tick;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.tick.realtime.IdleMode;
import io.canopy.tick.stats.TimerStats;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The real tick thread on the system clock. No timing assertions: only what must hold on a noisy host. */
class TickerThreadTest {
    private Ticker ticker;

    @AfterEach
    void stopTicker() {
        if (ticker != null) {
            ticker.stop();
        }
    }

    @ParameterizedTest
    @EnumSource(IdleMode.class)
    void tickThreadIsNamedAfterTheRoleAndTicksInEveryIdleMode(IdleMode mode) {
        ticker = new Ticker("control-loop", SystemNanoClock.INSTANCE).idleMode(mode);
        AtomicReference<String> threadName = new AtomicReference<>();
        AtomicInteger ticks = new AtomicInteger();
        ticker.addTimerHz("control", 1000).addListener(now -> {
            threadName.set(Thread.currentThread().getName());
            ticks.incrementAndGet();
        });
        ticker.start();
        await().atMost(Duration.ofSeconds(30)).until(() -> ticks.get() >= 20);
        ticker.stop();
        assertThat(threadName.get()).isEqualTo("control-loop");
        assertThat(ticker.isRunning()).isFalse();
        TimerStats stats = ticker.timer("control").stats();
        assertThat(stats.ticks()).isEqualTo(ticks.get());
        assertThat(stats.latenessHistogram().getTotalCount()).isEqualTo(ticks.get());
    }

    @Test
    void stopWaitsForTheTickInProgressToFinish() throws Exception {
        ticker = new Ticker("stop-test", SystemNanoClock.INSTANCE);
        CountDownLatch inTick = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean tickFinished = new AtomicBoolean();
        AtomicInteger ticksAfterRelease = new AtomicInteger();
        ticker.addTimerHz("t", 1000).addListener(now -> {
            if (inTick.getCount() > 0) {
                inTick.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                tickFinished.set(true);
            } else {
                ticksAfterRelease.incrementAndGet();
            }
        });
        ticker.start();
        assertThat(inTick.await(30, TimeUnit.SECONDS)).isTrue();

        CountDownLatch stopReturned = new CountDownLatch(1);
        Thread stopper = new Thread(() -> {
            ticker.stop();
            stopReturned.countDown();
        });
        stopper.start();
        // stop() has set the flag and is joining the tick thread
        await().atMost(Duration.ofSeconds(30)).until(() -> stopper.getState() == Thread.State.WAITING);
        // stop() cannot return while the tick is blocked: the tick thread is still alive
        assertThat(stopReturned.getCount()).isEqualTo(1);
        assertThat(ticker.isRunning()).isTrue();

        release.countDown();
        assertThat(stopReturned.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(tickFinished).isTrue();
        assertThat(ticker.isRunning()).isFalse();
        assertThat(ticksAfterRelease.get()).as("no tick after stop was asked for").isZero();
        assertThat(ticker.timer("t").stats().ticks()).isEqualTo(1);
    }

    @Test
    void listenerExceptionIsCountedAndTheThreadGoesOn() {
        ticker = new Ticker("errors", SystemNanoClock.INSTANCE);
        AtomicInteger ticks = new AtomicInteger();
        ticker.addTimerHz("t", 500).addListener(now -> {
            if (ticks.incrementAndGet() == 2) {
                throw new IllegalStateException("expected by the test");
            }
        });
        ticker.start();
        await().atMost(Duration.ofSeconds(30)).until(() -> ticks.get() >= 5);
        ticker.stop();
        assertThat(ticker.timer("t").stats().errors()).isEqualTo(1);
    }

    @Test
    void oneShotTimersRunOnTheTickThread() throws Exception {
        ticker = new Ticker("oneshots", SystemNanoClock.INSTANCE);
        CountDownLatch fired = new CountDownLatch(1);
        AtomicReference<String> where = new AtomicReference<>();
        TimerCallback callback = (id, now) -> {
            where.set(Thread.currentThread().getName());
            fired.countDown();
        };
        AtomicBoolean scheduled = new AtomicBoolean();
        ticker.addTimerHz("t", 1000).addListener(now -> {
            if (scheduled.compareAndSet(false, true)) {
                ticker.oneShotTimers().scheduleAt(now + 2_000_000, callback);
            }
        });
        ticker.start();
        assertThat(fired.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(where.get()).isEqualTo("oneshots");
    }

    @Test
    void statsAreReadableFromAnotherThreadWhileTicking() {
        ticker = new Ticker("stats", SystemNanoClock.INSTANCE);
        ticker.addTimerHz("t", 2000).addListener(now -> { });
        ticker.start();
        long previous = 0;
        for (int i = 0; i < 20; i++) {
            final long floor = previous;
            await().atMost(Duration.ofSeconds(30)).until(() -> ticker.timer("t").ticks() > floor);
            TimerStats s = ticker.timer("t").stats();
            assertThat(s.ticks()).isGreaterThan(previous);
            assertThat(s.latenessHistogram().getTotalCount()).isBetween(previous, s.ticks() + 1);
            previous = s.ticks();
        }
    }
}

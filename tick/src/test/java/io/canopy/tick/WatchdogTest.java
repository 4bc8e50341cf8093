package io.canopy.tick;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The real tick and watchdog threads; the stall is a latch the test holds, so nothing depends on timing. */
class WatchdogTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void failsafeFiresOncePerStallWhileTheTickIsBlockedAndAgainForTheNextStall() throws Exception {
        Ticker ticker = new Ticker("wd-ticker", SystemNanoClock.INSTANCE);
        CountDownLatch[] gates = {new CountDownLatch(1), new CountDownLatch(1)};
        AtomicInteger tick = new AtomicInteger();
        ticker.addTimerHz("control", 1000).budgetNs(100_000_000).addListener(now -> {
            int n = tick.incrementAndGet();
            CountDownLatch gate = n == 5 ? gates[0] : n == 10 ? gates[1] : null;
            if (gate != null) {
                try {
                    gate.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        List<String> stalls = new CopyOnWriteArrayList<>();
        Watchdog watchdog = new Watchdog(ticker, (role, timer, stalledForNs) -> stalls.add(role + "/" + timer + "/"
                + (stalledForNs > 100_000_000) + "/" + Thread.currentThread().getName()))
                .checkIntervalNs(1_000_000);
        ticker.start();
        watchdog.start();
        try {
            await().atMost(WAIT).until(() -> stalls.size() == 1);
            assertThat(stalls.get(0)).isEqualTo("wd-ticker/control/true/wd-ticker-watchdog");
            // many more looks at the same stalled tick: no second call
            long looked = watchdog.checks();
            await().atMost(WAIT).until(() -> watchdog.checks() >= looked + 50);
            assertThat(stalls).hasSize(1);
            assertThat(tick.get()).as("the tick is still blocked").isEqualTo(5);

            gates[0].countDown();
            await().atMost(WAIT).until(() -> stalls.size() == 2);
            assertThat(tick.get()).isEqualTo(10);
            gates[1].countDown();
            await().atMost(WAIT).until(() -> tick.get() >= 15);
            long after = watchdog.checks();
            await().atMost(WAIT).until(() -> watchdog.checks() >= after + 20);
            assertThat(watchdog.stalls()).isEqualTo(2);
        } finally {
            gates[0].countDown();
            gates[1].countDown();
            watchdog.stop();
            ticker.stop();
        }
    }

    /** A timer's first tick loads classes: it has a second's budget; a later tick as long is a stall. */
    @Test
    void theFirstTickOfATimerHasAWarmUpBudgetAndTheNextOnesDoNot() throws Exception {
        Ticker ticker = new Ticker("wd-cold", SystemNanoClock.INSTANCE);
        CountDownLatch[] gates = {new CountDownLatch(1), new CountDownLatch(1)};
        AtomicInteger tick = new AtomicInteger();
        ticker.addTimerHz("control", 1000).budgetNs(20_000_000).addListener(now -> {
            int n = tick.incrementAndGet();
            CountDownLatch gate = n == 1 ? gates[0] : n == 3 ? gates[1] : null;
            if (gate != null) {
                try {
                    gate.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        List<String> stalls = new CopyOnWriteArrayList<>();
        Watchdog watchdog = new Watchdog(ticker, (role, timer, ns) -> stalls.add(timer)).checkIntervalNs(1_000_000);
        ticker.start();
        watchdog.start();
        try {
            long blockedSince = System.nanoTime();
            await().atMost(WAIT).until(() -> System.nanoTime() - blockedSince > 100_000_000L && watchdog.checks() > 50);
            assertThat(stalls).as("the first tick ran 5x its budget, within the warm-up second").isEmpty();
            gates[0].countDown();
            await().atMost(WAIT).until(() -> stalls.size() == 1);
            assertThat(tick.get()).as("the third tick is the one reported").isEqualTo(3);
        } finally {
            gates[0].countDown();
            gates[1].countDown();
            watchdog.stop();
            ticker.stop();
        }
    }

    @Test
    void aTickThreadKilledByAVirtualMachineErrorTriggersTheFailsafeOnce() {
        Ticker ticker = new Ticker("wd-dying", SystemNanoClock.INSTANCE);
        AtomicInteger tick = new AtomicInteger();
        ticker.addTimerHz("control", 1000).addListener(now -> {
            if (tick.incrementAndGet() == 3) {
                throw new StackOverflowError("thrown by the test");
            }
        }).budgetNs(java.util.concurrent.TimeUnit.SECONDS.toNanos(30)); // a preempted tick on a loaded host is no stall here
        List<String> stalls = new CopyOnWriteArrayList<>();
        Watchdog watchdog = new Watchdog(ticker, (role, timer, ns) -> stalls.add(role + "/" + timer))
                .checkIntervalNs(1_000_000);
        ticker.start();
        watchdog.start();
        try {
            await().atMost(WAIT).until(() -> stalls.size() == 1);
            assertThat(stalls.get(0)).startsWith("wd-dying/tick thread died: java.lang.StackOverflowError");
            assertThat(ticker.deathCause()).isInstanceOf(StackOverflowError.class);
            await().atMost(WAIT).until(() -> !ticker.isRunning());
            long looked = watchdog.checks();
            await().atMost(WAIT).until(() -> watchdog.checks() >= looked + 20);
            assertThat(stalls).hasSize(1);
            assertThat(tick.get()).isEqualTo(3);
        } finally {
            watchdog.stop();
            ticker.stop();
        }
    }
}

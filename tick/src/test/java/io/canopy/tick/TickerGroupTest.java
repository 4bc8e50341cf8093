package io.canopy.tick;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Several tickers on one thread (the system clock; no timing assertions). */
class TickerGroupTest {
    private TickerGroup group;

    @AfterEach
    void stopGroup() {
        if (group != null) {
            group.stop();
        }
    }

    @Test
    void membersKeepTheirTimersAndInboxesButTickOnOneThreadNamedAfterTheGroup() {
        Ticker a = new Ticker("robot1", SystemNanoClock.INSTANCE);
        Ticker b = new Ticker("robot2", SystemNanoClock.INSTANCE);
        Set<String> threads = ConcurrentHashMap.newKeySet();
        AtomicInteger ticksA = new AtomicInteger();
        AtomicInteger ticksB = new AtomicInteger();
        AtomicInteger eventsA = new AtomicInteger();
        AtomicInteger eventsB = new AtomicInteger();
        a.addTimerHz("control", 500).addListener(now -> {
            threads.add(Thread.currentThread().getName());
            ticksA.incrementAndGet();
        });
        b.addTimerHz("control", 200).addListener(now -> {
            threads.add(Thread.currentThread().getName());
            ticksB.incrementAndGet();
        });
        a.addEventHandler(e -> eventsA.incrementAndGet());
        b.addEventHandler(e -> eventsB.incrementAndGet());
        group = new TickerGroup("fleet-ticker", SystemNanoClock.INSTANCE).add(a).add(b);
        group.start();
        a.inbox().offer(new Event(0).set(EventKind.COMMAND, "go", 0));
        await().atMost(Duration.ofSeconds(30)).until(() -> ticksA.get() >= 20 && ticksB.get() >= 20 && eventsA.get() == 1);

        assertThat(threads).containsExactly("fleet-ticker");
        assertThat(eventsB.get()).isZero(); // a member's inbox goes to its own handlers only
        assertThat(a.tickThreadId()).isEqualTo(group.tickThreadId()).isEqualTo(b.tickThreadId());
        assertThat(a.isRunning()).isTrue();
        group.stop();
        assertThat(a.isRunning()).isFalse();
        assertThat(a.timer("control").stats().ticks()).isEqualTo(ticksA.get());
        assertThat(b.stats()).hasSize(1);
    }

    @Test
    void aMemberThatStopsLeavesTheGroupAndTheOthersGoOn() {
        Ticker a = new Ticker("robot1", SystemNanoClock.INSTANCE);
        Ticker b = new Ticker("robot2", SystemNanoClock.INSTANCE);
        AtomicInteger ticksA = new AtomicInteger();
        AtomicInteger ticksB = new AtomicInteger();
        a.addTimerHz("control", 500).addListener(now -> ticksA.incrementAndGet());
        b.addTimerHz("control", 500).addListener(now -> ticksB.incrementAndGet());
        group = new TickerGroup("fleet-ticker", SystemNanoClock.INSTANCE).add(a).add(b);
        group.start();
        await().atMost(Duration.ofSeconds(30)).until(() -> ticksA.get() >= 5);

        assertThat(a.stop(10_000)).isTrue();
        int atStop = ticksA.get();
        int bAtStop = ticksB.get();
        await().atMost(Duration.ofSeconds(30)).until(() -> ticksB.get() >= bAtStop + 20);

        assertThat(ticksA.get()).isEqualTo(atStop);
        assertThat(a.isRunning()).isFalse();
        assertThat(b.isRunning()).isTrue();
        assertThat(group.isRunning()).isTrue();
        assertThatThrownBy(a::start).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aWatchdogOnAMemberSeesThatMembersStalledTick() throws Exception {
        Ticker a = new Ticker("robot1", SystemNanoClock.INSTANCE);
        Ticker b = new Ticker("robot2", SystemNanoClock.INSTANCE);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger ticks = new AtomicInteger();
        a.addTimerHz("control", 100).budgetNs(5_000_000L).addListener(now -> {
            if (ticks.incrementAndGet() == 3) {
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        b.addTimerHz("control", 100);
        AtomicReference<String> stalled = new AtomicReference<>();
        group = new TickerGroup("fleet-ticker", SystemNanoClock.INSTANCE).add(a).add(b);
        try (Watchdog w = new Watchdog(a, (role, timer, ns) -> stalled.set(role + "/" + timer)).start()) {
            group.start();
            await().atMost(Duration.ofSeconds(30)).until(() -> stalled.get() != null);
            release.countDown();
            assertThat(stalled.get()).isEqualTo("robot1/control");
        }
    }

    @Test
    void oneGroupWatchdogCallsTheFailsafeOfTheMemberWhoseTickStalled() throws Exception {
        Ticker a = new Ticker("robot1", SystemNanoClock.INSTANCE);
        Ticker b = new Ticker("robot2", SystemNanoClock.INSTANCE);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger ticks = new AtomicInteger();
        a.addTimerHz("control", 100);
        b.addTimerHz("control", 100).budgetNs(5_000_000L).addListener(now -> {
            if (ticks.incrementAndGet() == 3) {
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        Set<String> calledA = ConcurrentHashMap.newKeySet();
        Set<String> calledB = ConcurrentHashMap.newKeySet();
        AtomicReference<String> watchdogThread = new AtomicReference<>();
        group = new TickerGroup("fleet-ticker", SystemNanoClock.INSTANCE).add(a).add(b);
        try (Watchdog w = Watchdog.ofGroup("fleet-ticker", java.util.List.of(a, b), java.util.List.of(
                (role, timer, ns) -> calledA.add(role + "/" + timer),
                (role, timer, ns) -> {
                    watchdogThread.set(Thread.currentThread().getName());
                    calledB.add(role + "/" + timer);
                })).start()) {
            group.start();
            await().atMost(Duration.ofSeconds(30)).until(() -> !calledB.isEmpty());
            release.countDown();
            assertThat(calledB).containsExactly("robot2/control");
            assertThat(calledA).isEmpty();
            assertThat(watchdogThread.get()).isEqualTo("fleet-ticker-watchdog");
            assertThat(w.stalls()).isEqualTo(1);
        }
    }

    @Test
    void onlyNewTickersOnTheGroupsClockJoin() {
        group = new TickerGroup("fleet-ticker", SystemNanoClock.INSTANCE);
        assertThatThrownBy(() -> group.add(new Ticker("other", () -> 0L))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("another clock");
        Ticker started = new Ticker("started", SystemNanoClock.INSTANCE);
        started.start();
        try {
            group.add(started);
            assertThatThrownBy(group::start).isInstanceOf(IllegalStateException.class).hasMessageContaining("already started");
        } finally {
            started.stop();
        }
    }
}

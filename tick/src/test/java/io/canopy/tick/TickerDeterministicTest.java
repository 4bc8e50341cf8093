package io.canopy.tick;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.tick.realtime.IdleMode;
import io.canopy.tick.stats.TimerStats;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TickerDeterministicTest {
    private final ManualNanoClock clock = new ManualNanoClock(1_000);
    private final Ticker ticker = new Ticker("test-ticker", clock);
    private final List<String> trace = new ArrayList<>();

    private static final class Counter implements TickListener {
        long count;
        long lastNowNs;

        @Override
        public void onTick(long nowNs) {
            count++;
            lastNowNs = nowNs;
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 3, 7, 100, 200, 1000, 999_999})
    void millionSimulatedTicksAtAnyWholeRateCountExactly(long hz) {
        Counter counter = new Counter();
        TickTimer timer = ticker.addTimer("t", TickRate.hz(hz)).addListener(counter);
        ticker.startDeterministic();
        long start = clock.nanoTime();

        // a million periods, computed exactly: 1e6 * 1e9 / hz
        long elapsed = Math.multiplyExact(1_000_000L, 1_000_000_000L) / hz;
        ticker.advance(elapsed);

        assertThat(counter.count).isEqualTo(1_000_000L);
        assertThat(timer.ticks()).isEqualTo(1_000_000L);
        assertThat(timer.stats().missed()).isZero();
        assertThat(counter.lastNowNs).as("the last tick is at its exact deadline").isEqualTo(start + elapsed);
        ticker.advance(elapsed / 1_000_000L - 1);
        assertThat(counter.count).as("no drift: the next tick is not early").isEqualTo(1_000_000L);
    }

    @Test
    void millionTicksWithAPeriodThatIsNotAWholeNumberOfNanoseconds() {
        Counter counter = new Counter();
        ticker.addTimer("t", TickRate.hz(2.5)).addListener(counter); // 400 ms
        ticker.addTimer("u", TickRate.periodNs(333_333_333)).addListener(new Counter());
        ticker.advance(400_000_000L * 1_000_000L);
        assertThat(counter.count).isEqualTo(1_000_000L);
        assertThat(ticker.timer("u").ticks()).isEqualTo(400_000_000L * 1_000_000L / 333_333_333);
    }

    @Test
    void deadlinesCrossingLongMaxValueKeepTheirOrderAndCount() {
        long nearMax = Long.MAX_VALUE - 250;
        ManualNanoClock wrapping = new ManualNanoClock(nearMax);
        Ticker wrapTicker = new Ticker("wrap", wrapping);
        wrapTicker.addTimer("t", TickRate.periodNs(100)).addListener(now -> trace.add("tick+" + (now - nearMax)));
        wrapTicker.startDeterministic();
        wrapTicker.oneShotTimers().scheduleAt(nearMax + 350, (id, now) -> trace.add("once+" + (now - nearMax)));

        wrapTicker.advance(500);

        assertThat(nearMax + 300).as("the third deadline is past Long.MAX_VALUE").isNegative();
        assertThat(trace).containsExactly("tick+100", "tick+200", "tick+300", "once+350", "tick+400", "tick+500");
        assertThat(wrapping.nanoTime() - nearMax).isEqualTo(500);
        assertThat(wrapTicker.timer("t").stats().missed()).isZero();
    }

    @Test
    void oneHourAt100HzIsExactly360000Ticks() {
        Counter counter = new Counter();
        ticker.addTimerHz("control", 100).addListener(counter);
        for (int minute = 0; minute < 60; minute++) {
            ticker.advance(60_000_000_000L);
        }
        assertThat(counter.count).isEqualTo(360_000L);
    }

    @Test
    void simultaneousTimersTickInRegistrationOrderAndEarlierDeadlinesFirst() {
        ticker.addTimer("slow", TickRate.periodNs(300)).addListener(now -> trace.add("slow@" + (now - 1_000)));
        ticker.addTimer("fast", TickRate.periodNs(100)).addListener(now -> trace.add("fast@" + (now - 1_000)));
        ticker.addTimer("mid", TickRate.periodNs(150)).addListener(now -> trace.add("mid@" + (now - 1_000)));

        ticker.advance(300);

        assertThat(trace).containsExactly("fast@100", "mid@150", "fast@200", "slow@300", "fast@300", "mid@300");
    }

    @Test
    void listenersOfOneTimerRunInTheOrderAdded() {
        ticker.addTimer("t", TickRate.periodNs(10))
                .addListener(now -> trace.add("a"))
                .addListener(now -> trace.add("b"))
                .addListener(now -> trace.add("c"));
        ticker.advance(10);
        assertThat(trace).containsExactly("a", "b", "c");
    }

    @Test
    void clockIsAtEachDeadlineDuringItsTickAndAtTheTargetAfterwards() {
        ticker.addTimer("t", TickRate.periodNs(100)).addListener(now -> trace.add(now + "=" + clock.nanoTime()));
        ticker.advance(250);
        assertThat(trace).containsExactly("1100=1100", "1200=1200");
        assertThat(clock.nanoTime()).isEqualTo(1_250);
    }

    @Test
    void oneShotTimersInterleaveWithTicksInDeadlineOrderAndRunBeforeATickAtTheSameInstant() {
        ticker.addTimer("t", TickRate.periodNs(100)).addListener(now -> trace.add("tick@" + (now - 1_000)));
        DeadlineTimerQueue oneShots = ticker.oneShotTimers();
        ticker.startDeterministic();
        oneShots.scheduleAt(1_150, (id, now) -> trace.add("once@" + (now - 1_000)));
        oneShots.scheduleAt(1_200, (id, now) -> trace.add("same@" + (now - 1_000)));
        long cancelled = oneShots.scheduleAt(1_120, (id, now) -> trace.add("cancelled"));
        oneShots.cancel(cancelled);

        ticker.advance(300);

        assertThat(trace).containsExactly("tick@100", "once@150", "same@200", "tick@200", "tick@300");
    }

    @Test
    void oneShotScheduledFromATickFiresAtItsDeadlineNotAtTheNextTick() {
        DeadlineTimerQueue oneShots = ticker.oneShotTimers();
        TimerCallback delayed = (id, now) -> trace.add("delayed@" + (now - 1_000));
        ticker.addTimer("t", TickRate.periodNs(100)).addListener(now -> {
            trace.add("tick@" + (now - 1_000));
            if (now == 1_100) {
                oneShots.scheduleAt(now + 30, delayed);
            }
        });
        ticker.advance(200);
        assertThat(trace).containsExactly("tick@100", "delayed@130", "tick@200");
    }

    @Test
    void overrunSkipsThePassedDeadlinesAndCountsThem() {
        long[] work = {0};
        ticker.addTimer("t", TickRate.periodNs(100)).addListener(now -> {
            trace.add("tick@" + (now - 1_000));
            clock.advanceNs(work[0]); // the tick takes this long
        });
        ticker.advance(100); // tick at 100, instant
        work[0] = 250; // the next tick, at 200, ends at 450: deadlines 300 and 400 passed
        ticker.advance(100);
        work[0] = 0;
        ticker.advanceTo(2_000); // up to 1000 (the clock is at 450 after the long tick)

        assertThat(trace).containsExactly("tick@100", "tick@200", "tick@500", "tick@600", "tick@700", "tick@800",
                "tick@900", "tick@1000");
        TimerStats stats = ticker.timer("t").stats();
        assertThat(stats.ticks()).isEqualTo(8);
        assertThat(stats.missed()).isEqualTo(2);
        assertThat(stats.overruns()).isEqualTo(1);
        assertThat(stats.ticks() + stats.missed()).as("every deadline is either run or counted").isEqualTo(10);
        assertThat(stats.maxDurationNs()).isEqualTo(250);
    }

    @Test
    void tickEndingExactlyOnTheNextDeadlineSkipsIt() {
        ticker.addTimer("t", TickRate.periodNs(100)).addListener(now -> {
            trace.add("tick@" + (now - 1_000));
            if (now == 1_100) {
                clock.advanceNs(100);
            }
        });
        ticker.advance(300);
        assertThat(trace).containsExactly("tick@100", "tick@300");
        assertThat(ticker.timer("t").stats().missed()).isEqualTo(1);
    }

    @Test
    void latenessIsRecordedWhenAnotherTimersTickDelaysThisOne() {
        ticker.addTimer("hog", TickRate.periodNs(100)).addListener(now -> clock.advanceNs(30));
        ticker.addTimer("victim", TickRate.periodNs(100)).addListener(now -> trace.add("victim@" + (now - 1_000)));
        ticker.advance(100);
        assertThat(trace).containsExactly("victim@130");
        assertThat(ticker.timer("victim").stats().maxLatenessNs()).isEqualTo(30);
        assertThat(ticker.timer("hog").stats().maxLatenessNs()).isZero();
    }

    @Test
    void statsCanBeResetAfterAWarmUp() {
        ticker.addTimer("t", TickRate.periodNs(100)).addListener(now -> { });
        ticker.advance(1_000);
        ticker.timer("t").resetStats();
        ticker.advance(500);
        assertThat(ticker.timer("t").stats().ticks()).isEqualTo(5);
        assertThat(ticker.timer("t").stats().latenessHistogram().getTotalCount()).isEqualTo(5);
    }

    @Test
    void timerAddedLaterStartsWhenAdded() {
        ticker.addTimer("first", TickRate.periodNs(100)).addListener(now -> trace.add("first@" + (now - 1_000)));
        ticker.advance(150);
        ticker.addTimer("late", TickRate.periodNs(100)).addListener(now -> trace.add("late@" + (now - 1_000)));
        ticker.advance(100);
        assertThat(trace).containsExactly("first@100", "first@200", "late@250");
    }

    @Test
    void listenerExceptionPropagatesInDeterministicModeAndTheScheduleStaysConsistent() {
        ticker.addTimer("t", TickRate.periodNs(100)).addListener(now -> {
            if (now == 1_100) {
                throw new IllegalStateException("boom");
            }
            trace.add("tick@" + (now - 1_000));
        });
        assertThatThrownBy(() -> ticker.advance(100)).hasMessage("boom");
        ticker.advance(100);
        assertThat(trace).containsExactly("tick@200");
        assertThat(ticker.timer("t").stats().errors()).isEqualTo(1);
    }

    @Test
    void inboxEventsAreHandedToHandlersBeforeTheTick() {
        Event scratch = new Event();
        ticker.addEventHandler(e -> trace.add("event " + e.name() + "=" + e.value()));
        ticker.addTimer("t", TickRate.periodNs(100)).addListener(now -> trace.add("tick"));
        ticker.inbox().offer(scratch, EventKind.SENSOR, "range", clock.nanoTime(), 1.5);
        ticker.inbox().offer(scratch, EventKind.COMMAND, "stop", clock.nanoTime(), 0);
        ticker.advance(200);
        assertThat(trace).containsExactly("event range=1.5", "event stop=0.0", "tick", "tick");
    }

    @Test
    void anEndlessStreamOfEventsCannotStarveTheTick() {
        EventQueue small = EventQueue.builder().sensorCapacity(4).commandCapacity(4).build();
        Ticker flooded = new Ticker("flooded", clock, small);
        Event scratch = new Event();
        long[] handled = {0};
        // every event handled brings another one: without a limit per tick the drain would never end
        flooded.addEventHandler(e -> {
            handled[0]++;
            small.offer(scratch, EventKind.SENSOR, "again", clock.nanoTime(), 0);
        });
        flooded.addTimer("t", TickRate.periodNs(100)).addListener(now -> trace.add("tick"));
        small.offer(scratch, EventKind.SENSOR, "first", clock.nanoTime(), 0);

        flooded.advance(300);

        assertThat(trace).containsExactly("tick", "tick", "tick");
        assertThat(handled[0]).as("one queue's worth (4 + 4) per tick").isEqualTo(24);
    }

    @Test
    void misuseIsRefusedWithAClearMessage() {
        ticker.addTimer("t", TickRate.hz(10));
        assertThatThrownBy(() -> ticker.addTimer("t", TickRate.hz(5)))
                .hasMessageContaining("already has a timer named 't'");
        assertThatThrownBy(ticker::start).hasMessageContaining("manual clock");
        Ticker real = new Ticker("real", SystemNanoClock.INSTANCE);
        assertThatThrownBy(() -> real.advance(1)).hasMessageContaining("needs a ManualNanoClock");
        ticker.advance(1);
        assertThatThrownBy(() -> ticker.idleMode(IdleMode.SPIN)).hasMessageContaining("after it started");
    }
}

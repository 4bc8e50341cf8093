package io.canopy.tick;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DeadlineTimerQueueTest {
    private final ManualNanoClock clock = new ManualNanoClock();
    private final DeadlineTimerQueue timers = new DeadlineTimerQueue(clock, 2);
    private final List<String> fired = new ArrayList<>();

    private TimerCallback named(String name) {
        return (id, nowNs) -> fired.add(name + "@" + nowNs);
    }

    @Test
    void timerFiresOnceAtItsDeadlineAndNotBefore() {
        timers.scheduleAt(100, named("a"));

        assertThat(timers.poll(99)).isZero();
        assertThat(fired).isEmpty();
        assertThat(timers.poll(100)).isEqualTo(1);
        assertThat(timers.poll(100)).isZero();
        assertThat(timers.poll(1_000)).isZero();
        assertThat(fired).containsExactly("a@100");
        assertThat(timers.isEmpty()).isTrue();
    }

    @Test
    void dueTimersFireInDeadlineOrderAndEqualDeadlinesInScheduleOrder() {
        timers.scheduleAt(300, named("c"));
        timers.scheduleAt(100, named("a1"));
        timers.scheduleAt(200, named("b"));
        timers.scheduleAt(100, named("a2"));
        timers.scheduleAt(500, named("late"));
        timers.scheduleAt(100, named("a3"));

        assertThat(timers.poll(400)).isEqualTo(5);
        assertThat(fired).containsExactly("a1@400", "a2@400", "a3@400", "b@400", "c@400");
        assertThat(timers.size()).isEqualTo(1);
        assertThat(timers.nextDeadlineNs()).isEqualTo(500);
    }

    @Test
    void manyRandomTimersFireSortedByDeadlineThenScheduleOrder() {
        Random random = new Random(42);
        List<long[]> expected = new ArrayList<>();
        List<String> actual = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            long deadline = random.nextInt(500);
            String label = deadline + ":" + i;
            expected.add(new long[] {deadline, i});
            timers.scheduleAt(deadline, (id, now) -> actual.add(label));
        }
        expected.sort((x, y) -> x[0] != y[0] ? Long.compare(x[0], y[0]) : Long.compare(x[1], y[1]));

        assertThat(timers.poll(10_000)).isEqualTo(2_000);
        assertThat(actual).containsExactlyElementsOf(expected.stream().map(e -> e[0] + ":" + e[1]).toList());
    }

    @Test
    void cancelledTimerNeverFiresAndItsIdCannotBeCancelledTwice() {
        long a = timers.scheduleAt(100, named("a"));
        long b = timers.scheduleAt(100, named("b"));

        assertThat(timers.isPending(a)).isTrue();
        assertThat(timers.cancel(a)).isTrue();
        assertThat(timers.cancel(a)).isFalse();
        assertThat(timers.isPending(a)).isFalse();
        timers.poll(100);

        assertThat(fired).containsExactly("b@100");
        assertThat(timers.cancel(b)).as("already ran").isFalse();
        assertThat(timers.cancel(OneShotTimers.NULL_TIMER_ID)).isFalse();
        assertThat(timers.cancel(123_456_789L)).isFalse();
    }

    @Test
    void staleIdDoesNotCancelTheTimerThatReusedItsSlot() {
        long first = timers.scheduleAt(100, named("first"));
        timers.cancel(first);
        long second = timers.scheduleAt(100, named("second"));

        assertThat(second).isNotEqualTo(first);
        assertThat(timers.cancel(first)).isFalse();
        timers.poll(100);
        assertThat(fired).containsExactly("second@100");
    }

    @Test
    void cancellingFromTheMiddleOfTheHeapKeepsTheOrder() {
        long[] ids = new long[10];
        for (int i = 0; i < 10; i++) {
            ids[i] = timers.scheduleAt(10 * (10 - i), named("t" + (10 - i)));
        }
        timers.cancel(ids[3]); // t7
        timers.cancel(ids[8]); // t2
        timers.poll(1_000);
        assertThat(fired).extracting(s -> s.substring(0, s.indexOf('@')))
                .containsExactly("t1", "t3", "t4", "t5", "t6", "t8", "t9", "t10");
    }

    @Test
    void deadlinesStraddlingLongMaxValueAreOrderedWrapSafely() {
        long nearMax = Long.MAX_VALUE - 50;
        ManualNanoClock wrapping = new ManualNanoClock(nearMax);
        DeadlineTimerQueue wrapTimers = new DeadlineTimerQueue(wrapping);
        wrapTimers.scheduleAt(nearMax + 100, named("after-wrap")); // negative as a long
        wrapTimers.scheduleAt(nearMax + 10, named("before-wrap"));

        assertThat(nearMax + 100).isNegative();
        assertThat(wrapTimers.poll(nearMax + 20)).isEqualTo(1);
        assertThat(wrapTimers.nextDeadlineNs()).isEqualTo(nearMax + 100);
        assertThat(wrapTimers.hasDue(nearMax + 99)).isFalse();
        assertThat(wrapTimers.poll(nearMax + 100)).isEqualTo(1);
        assertThat(fired).containsExactly("before-wrap@" + (nearMax + 20), "after-wrap@" + (nearMax + 100));
    }

    @Test
    void callbackMayScheduleATimerThatIsAlreadyDueAndItFiresInTheSamePoll() {
        timers.scheduleAt(100, (id, now) -> {
            fired.add("first@" + now);
            timers.scheduleAt(now, named("chained"));
            timers.scheduleAt(now + 1, named("next"));
        });
        assertThat(timers.poll(100)).isEqualTo(2);
        assertThat(fired).containsExactly("first@100", "chained@100");
        assertThat(timers.poll(101)).isEqualTo(1);
    }

    @Test
    void callbackMayCancelAnotherDueTimer() {
        long[] victim = new long[1];
        timers.scheduleAt(100, (id, now) -> {
            fired.add("canceller");
            assertThat(timers.cancel(victim[0])).isTrue();
        });
        victim[0] = timers.scheduleAt(100, named("victim"));
        assertThat(timers.poll(100)).isEqualTo(1);
        assertThat(fired).containsExactly("canceller");
    }

    @Test
    void pollWithALimitLeavesTheRestPending() {
        for (int i = 0; i < 5; i++) {
            timers.scheduleAt(i, named("t" + i));
        }
        assertThat(timers.poll(10, 2)).isEqualTo(2);
        assertThat(timers.size()).isEqualTo(3);
        assertThat(timers.poll(10)).isEqualTo(3);
    }

    @Test
    void callbackReceivesTheIdThatScheduleReturned() {
        long[] seen = new long[1];
        long id = timers.scheduleAfter(5, (timerId, now) -> seen[0] = timerId);
        assertThat(timers.deadlineOf(id)).isEqualTo(5);
        timers.poll(5);
        assertThat(seen[0]).isEqualTo(id);
    }

    @Test
    void growsBeyondItsInitialCapacity() {
        for (int i = 0; i < 1_000; i++) {
            timers.scheduleAt(1_000 - i, named("x"));
        }
        assertThat(timers.size()).isEqualTo(1_000);
        assertThat(timers.nextDeadlineNs()).isEqualTo(1);
        assertThat(timers.poll(2_000)).isEqualTo(1_000);
    }

    @Test
    void clearCancelsEverything() {
        long a = timers.scheduleAt(1, named("a"));
        timers.scheduleAt(2, named("b"));
        timers.clear();
        assertThat(timers.poll(10)).isZero();
        assertThat(timers.isPending(a)).isFalse();
        assertThatThrownBy(timers::nextDeadlineNs).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void nullCallbackIsAProgrammerError() {
        assertThatThrownBy(() -> timers.scheduleAt(1, null)).isInstanceOf(IllegalArgumentException.class);
    }
}

package io.canopy.statemachine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.InputException;
import io.canopy.statemachine.build.ScxmlLoader;
import io.canopy.statemachine.build.StatechartBuilder;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.ManualNanoClock;
import org.junit.jupiter.api.Test;

/**
 * Snapshot and restore "in a new process": a new chart compiled from the same text, a new clock that reads a
 * different time, new timers. Nested and parallel states, history, data, queues, pending delayed sends and
 * invoked sessions must all survive.
 */
class SnapshotTest {
    private static final long S = 1_000_000_000L;
    private static final String MISSION = "<scxml xmlns='http://www.w3.org/2005/07/scxml' version='1.0' datamodel='ecmascript'>"
            + "<datamodel><data id='laps' expr='0'/><data id='route' expr=\"'north'\"/></datamodel>"
            + "<parallel id='run'>"
            + "  <transition event='pause' target='paused'/>"
            + "  <state id='nav' initial='drive'>"
            + "    <history id='navHistory' type='deep'><transition target='drive'/></history>"
            + "    <state id='drive' initial='straight'>"
            + "      <state id='straight'><transition event='turn' target='curve'/></state>"
            + "      <state id='curve'><transition event='turn' target='straight'>"
            + "        <assign location='laps' expr='laps + 1'/></transition></state>"
            + "    </state>"
            + "  </state>"
            + "  <state id='watch'><onentry><send id='battery' event='battery.low' delay='5s'/></onentry>"
            + "    <transition event='battery.low' target='dock'/></state>"
            + "</parallel>"
            + "<state id='paused'><transition event='resume' target='navHistory'/></state>"
            + "<final id='dock'/></scxml>";

    private static Machine started(Statechart chart, DeadlineTimerQueue timers) {
        Machine m = chart.newMachine(new MachineContext(timers));
        m.start();
        return m;
    }

    private static void advance(ManualNanoClock clock, DeadlineTimerQueue timers, Machine m, long ns) {
        clock.advanceNs(ns);
        timers.poll(clock.nanoTime());
        m.drain();
    }

    @Test
    void configurationDataAndPendingDelaysSurviveARestart() {
        ManualNanoClock clock1 = new ManualNanoClock();
        DeadlineTimerQueue timers1 = new DeadlineTimerQueue(clock1);
        Machine before = started(ScxmlLoader.parse(MISSION, "mission.scxml"), timers1);
        before.fire("turn");
        before.fire("turn");
        before.fire("turn");
        advance(clock1, timers1, before, 2 * S);
        assertThat(before.activeStates()).containsExactly("run", "nav", "drive", "curve", "watch");
        byte[] bytes = before.snapshot();

        ManualNanoClock clock2 = new ManualNanoClock(500 * S);
        DeadlineTimerQueue timers2 = new DeadlineTimerQueue(clock2);
        Statechart recompiled = ScxmlLoader.parse(MISSION, "mission.scxml");
        Machine after = recompiled.restore(new MachineContext(timers2), bytes);
        assertThat(after.activeStates()).isEqualTo(before.activeStates());
        assertThat(after.data("laps").longValue()).isEqualTo(1L);
        assertThat(after.data("route").objectValue()).isEqualTo("north");
        assertThat(timers2.size()).isEqualTo(1);

        advance(clock2, timers2, after, 3 * S - 1);
        assertThat(after.activeStates()).contains("watch");
        advance(clock2, timers2, after, 1);
        assertThat(after.finalStateId()).as("battery.low fires 3 s after the restore, the time it had left").isEqualTo("dock");
    }

    @Test
    void historyRecordedBeforeTheSnapshotIsUsedAfterIt() {
        ManualNanoClock clock = new ManualNanoClock();
        DeadlineTimerQueue timers = new DeadlineTimerQueue(clock);
        Machine before = started(ScxmlLoader.parse(MISSION, "mission.scxml"), timers);
        before.fire("turn");
        before.fire("pause");
        assertThat(before.activeStates()).containsExactly("paused");
        assertThat(timers.size()).as("a delayed send outlives the state that sent it (SCXML 6.2)").isEqualTo(1);
        byte[] bytes = before.snapshot();

        Machine after = ScxmlLoader.parse(MISSION, "mission.scxml")
                .restore(new MachineContext(new DeadlineTimerQueue(new ManualNanoClock())), bytes);
        after.fire("resume");
        assertThat(after.activeStates()).containsExactly("run", "nav", "drive", "curve", "watch");
    }

    @Test
    void queuedEventsAreKeptInOrder() {
        StatechartBuilder b = new StatechartBuilder("queue");
        b.state("a").on("x", "b");
        b.state("b").on("y", "c");
        b.state("c");
        Statechart chart = b.build();
        Machine before = started(chart, null);
        before.offer("x", null);
        before.offer("y", java.util.Map.of("speed", 2L));
        Machine after = chart.restore(new MachineContext(null), before.snapshot());
        assertThat(after.activeStates()).containsExactly("a");
        after.drain();
        assertThat(after.activeStates()).containsExactly("c");
        assertThat(after.currentEvent().data()).isEqualTo(java.util.Map.of("speed", 2L));
    }

    @Test
    void invokedSessionsAreRestoredWithTheirOwnStateAndTimers() {
        String parent = "<scxml xmlns='http://www.w3.org/2005/07/scxml' version='1.0' datamodel='ecmascript'>"
                + "<state id='wait'><invoke id='worker'><content>"
                + "  <scxml version='1.0' datamodel='ecmascript'><datamodel><data id='n' expr='0'/></datamodel>"
                + "    <state id='w'><onentry><send event='tick' delay='1s'/></onentry>"
                + "      <transition event='tick' cond='n &lt; 2' target='w'><assign location='n' expr='n + 1'/></transition>"
                + "      <transition event='tick' target='end'/></state>"
                + "    <final id='end'><donedata><param name='n' expr='n'/></donedata></final></scxml>"
                + "</content></invoke>"
                + "<transition event='done.invoke.worker' cond='_event.data.n == 2' target='ok'/></state>"
                + "<final id='ok'/></scxml>";
        ManualNanoClock clock1 = new ManualNanoClock();
        DeadlineTimerQueue timers1 = new DeadlineTimerQueue(clock1);
        Machine before = started(ScxmlLoader.parse(parent, "parent.scxml"), timers1);
        advance(clock1, timers1, before, S);
        advance(clock1, timers1, before, S / 2);
        byte[] bytes = before.snapshot();

        ManualNanoClock clock2 = new ManualNanoClock(77 * S);
        DeadlineTimerQueue timers2 = new DeadlineTimerQueue(clock2);
        Machine after = ScxmlLoader.parse(parent, "parent.scxml").restore(new MachineContext(timers2), bytes);
        assertThat(timers2.size()).isEqualTo(1);
        advance(clock2, timers2, after, S / 2);
        assertThat(after.isFinished()).isFalse();
        advance(clock2, timers2, after, S);
        assertThat(after.finalStateId()).isEqualTo("ok");
    }

    @Test
    void anotherChartsSnapshotOrGarbageIsRefused() {
        StatechartBuilder b = new StatechartBuilder("other");
        b.state("x");
        byte[] other = started(b.build(), null).snapshot();
        Statechart mission = ScxmlLoader.parse(MISSION, "mission.scxml");
        MachineContext context = new MachineContext(new DeadlineTimerQueue(new ManualNanoClock()));
        assertThatThrownBy(() -> mission.restore(context, other)).isInstanceOf(InputException.class)
                .hasMessageContaining("does not match");
        assertThatThrownBy(() -> mission.restore(context, new byte[] {1, 2, 3})).isInstanceOf(InputException.class)
                .hasMessageContaining("not a canopy.statemachine.MachineSnapshot");
    }
}

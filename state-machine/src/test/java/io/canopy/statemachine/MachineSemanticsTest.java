package io.canopy.statemachine;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.statemachine.build.StatechartBuilder;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.ManualNanoClock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MachineSemanticsTest {
    private final List<String> trace = new ArrayList<>();

    private Action log(String what) {
        return m -> trace.add(what);
    }

    private static Machine start(Statechart chart) {
        Machine m = chart.newMachine(new MachineContext(new DeadlineTimerQueue(new ManualNanoClock())));
        m.start();
        return m;
    }

    @Test
    void toggleFlipsBetweenTwoStates() {
        StatechartBuilder b = new StatechartBuilder("toggle");
        b.state("off").on("flip", "on");
        b.state("on").on("flip", "off");
        Machine m = start(b.build());
        assertThat(m.activeStates()).containsExactly("off");
        m.fire("flip");
        assertThat(m.activeStates()).containsExactly("on");
        m.fire("flip");
        assertThat(m.activeStates()).containsExactly("off");
        m.fire("other");
        assertThat(m.activeStates()).containsExactly("off");
    }

    @Test
    void exitAndEntryRunInDocumentOrderAcrossLevels() {
        StatechartBuilder b = new StatechartBuilder("h");
        StatechartBuilder.StateBuilder a = b.state("a").onEntry(log("enter a")).onExit(log("exit a"));
        a.state("a1").onEntry(log("enter a1")).onExit(log("exit a1")).on("go", "b2").then(log("transition"));
        StatechartBuilder.StateBuilder bs = b.state("b").onEntry(log("enter b")).onExit(log("exit b"));
        bs.state("b1").onEntry(log("enter b1"));
        bs.state("b2").onEntry(log("enter b2"));
        Machine m = start(b.build());
        assertThat(trace).containsExactly("enter a", "enter a1");
        trace.clear();
        m.fire("go");
        assertThat(trace).containsExactly("exit a1", "exit a", "transition", "enter b", "enter b2");
        assertThat(m.activeStates()).containsExactly("b", "b2");
    }

    @Test
    void childTransitionWinsOverParentAndPrefixesMatch() {
        StatechartBuilder b = new StatechartBuilder("prefix");
        StatechartBuilder.StateBuilder p = b.state("p");
        p.on("error", "failed");
        p.state("s").on("error.io", "retry");
        b.state("retry");
        b.state("failed");
        Machine m = start(b.build());
        m.fire("error.io.timeout");
        assertThat(m.activeStates()).containsExactly("retry");
        Machine m2 = start(b2());
        m2.fire("error.parse");
        assertThat(m2.activeStates()).containsExactly("failed");
    }

    private static Statechart b2() {
        StatechartBuilder b = new StatechartBuilder("prefix");
        StatechartBuilder.StateBuilder p = b.state("p");
        p.on("error", "failed");
        p.state("s").on("error.io", "retry");
        b.state("retry");
        b.state("failed");
        return b.build();
    }

    @Test
    void parallelRegionsRaiseDoneWhenAllFinal() {
        StatechartBuilder b = new StatechartBuilder("par");
        StatechartBuilder.StateBuilder p = b.parallel("p");
        p.on("done.state.p", "end");
        StatechartBuilder.StateBuilder r1 = p.state("r1");
        r1.state("r1a").on("x", "r1f");
        r1.finalState("r1f");
        StatechartBuilder.StateBuilder r2 = p.state("r2");
        r2.state("r2a").on("y", "r2f");
        r2.finalState("r2f");
        b.finalState("end");
        Machine m = start(b.build());
        assertThat(m.activeStates()).containsExactly("p", "r1", "r1a", "r2", "r2a");
        m.fire("x");
        assertThat(m.activeStates()).containsExactly("p", "r1", "r1f", "r2", "r2a");
        m.fire("y");
        assertThat(m.isFinished()).isTrue();
        assertThat(m.finalStateId()).isEqualTo("end");
    }

    @Test
    void deepHistoryRestoresNestedConfiguration() {
        StatechartBuilder b = new StatechartBuilder("hist");
        StatechartBuilder.StateBuilder work = b.state("work");
        work.history("h", true, "a");
        work.on("pause", "paused");
        StatechartBuilder.StateBuilder a = work.state("a");
        a.on("next", "b");
        StatechartBuilder.StateBuilder bb = work.state("b");
        bb.state("b1").on("next", "b2");
        bb.state("b2");
        b.state("paused").on("resume", "h");
        Machine m = start(b.build());
        m.fire("resume");
        m.fire("next");
        m.fire("next");
        assertThat(m.activeStates()).containsExactly("work", "b", "b2");
        m.fire("pause");
        assertThat(m.activeStates()).containsExactly("paused");
        m.fire("resume");
        assertThat(m.activeStates()).containsExactly("work", "b", "b2");
    }

    @Test
    void haltExitsEveryActiveStateInExitOrder() {
        StatechartBuilder b = new StatechartBuilder("halt");
        StatechartBuilder.StateBuilder p = b.parallel("p").onExit(log("exit p"));
        p.state("r1").onExit(log("exit r1")).state("a").onExit(log("exit a"));
        p.state("r2").onExit(log("exit r2")).state("b").onExit(log("exit b"));
        Machine m = start(b.build());
        m.halt();
        assertThat(trace).containsExactly("exit b", "exit r2", "exit a", "exit r1", "exit p");
        assertThat(m.isFinished()).isTrue();
        assertThat(m.finalStateId()).isNull();
        assertThat(m.activeStates()).isEmpty();
    }

    @Test
    void internalTransitionDoesNotExitItsCompoundSource() {
        StatechartBuilder b = new StatechartBuilder("internal");
        StatechartBuilder.StateBuilder s = b.state("s").onExit(log("exit s")).onEntry(log("enter s"));
        s.on("go", "s2").internal();
        s.on("out", "s2");
        s.state("s1");
        s.state("s2");
        Machine m = start(b.build());
        trace.clear();
        m.fire("go");
        assertThat(trace).isEmpty();
        assertThat(m.activeStates()).containsExactly("s", "s2");
        m.fire("out");
        assertThat(trace).containsExactly("exit s", "enter s");
    }

    @Test
    void eventlessTransitionsRunToCompletionBeforeTheNextEvent() {
        StatechartBuilder b = new StatechartBuilder("eventless");
        b.state("a").on("go", "b");
        b.state("b").always("c").then(log("b->c"));
        b.state("c").always("d").when(m -> trace.size() > 0, "trace not empty");
        b.state("d");
        Machine m = start(b.build());
        m.fire("go");
        assertThat(trace).containsExactly("b->c");
        assertThat(m.activeStates()).containsExactly("d");
    }

    @Test
    void aThrowingActionRaisesErrorExecutionAndTheNextBlockStillRuns() {
        StatechartBuilder b = new StatechartBuilder("errors");
        b.state("a").onEntry(m -> {
            throw new IllegalStateException("motor offline");
        }).onEntry(log("second block")).on("error.execution", "recovering");
        b.state("recovering");
        Machine m = start(b.build());
        assertThat(trace).containsExactly("second block");
        assertThat(m.activeStates()).containsExactly("recovering");
        assertThat(m.currentEvent().name()).isEqualTo("error.execution");
    }

    @Test
    void aTransitionInOneRegionPreemptsALaterConflictingOne() {
        StatechartBuilder b = new StatechartBuilder("conflict");
        StatechartBuilder.StateBuilder p = b.parallel("p");
        p.state("r1").state("x").on("e", "out").then(log("r1 wins"));
        p.state("r2").state("y").on("e", "out").then(log("r2 loses"));
        b.state("out");
        Machine m = start(b.build());
        m.fire("e");
        assertThat(trace).containsExactly("r1 wins");
        assertThat(m.activeStates()).containsExactly("out");
    }

    @Test
    void nonConflictingTransitionsInParallelRegionsAllRunInDocumentOrder() {
        StatechartBuilder b = new StatechartBuilder("both");
        StatechartBuilder.StateBuilder p = b.parallel("p");
        StatechartBuilder.StateBuilder r1 = p.state("r1");
        r1.state("x1").on("e", "x2").then(log("r1"));
        r1.state("x2");
        StatechartBuilder.StateBuilder r2 = p.state("r2");
        r2.state("y1").on("e", "y2").then(log("r2"));
        r2.state("y2");
        Machine m = start(b.build());
        m.fire("e");
        assertThat(trace).containsExactly("r1", "r2");
        assertThat(m.activeStates()).containsExactly("p", "r1", "x2", "r2", "y2");
    }

    @Test
    void aCycleOfEventlessTransitionsStopsTheMachineInsteadOfHangingTheTickThread() {
        StatechartBuilder b = new StatechartBuilder("spin");
        b.state("a").on("go", "b");
        b.state("b").always("c");
        b.state("c").always("b");
        Machine m = start(b.build());
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> m.fire("go"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("machine spin")
                .hasMessageContaining("microsteps without waiting for an event");
        assertThat(m.isFinished()).isTrue();
    }
}

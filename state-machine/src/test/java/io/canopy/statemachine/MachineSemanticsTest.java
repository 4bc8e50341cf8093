package io.canopy.statemachine;

import static org.assertj.core.api.Assertions.assertThat;

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
}

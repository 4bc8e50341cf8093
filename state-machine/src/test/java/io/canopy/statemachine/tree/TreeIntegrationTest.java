package io.canopy.statemachine.tree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.InputException;
import io.canopy.bt.Blackboard;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Status;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.bt.load.XmlTreeLoader;
import io.canopy.statemachine.Machine;
import io.canopy.statemachine.MachineContext;
import io.canopy.statemachine.build.ScxmlLoader;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.ManualNanoClock;
import io.canopy.tick.Ticker;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A machine inside a tree (the StateMachine node) and trees as state activities (invoke canopy:tree). */
class TreeIntegrationTest {
    private static final long MS = 1_000_000L;
    private static final String HEAD = "<scxml xmlns='http://www.w3.org/2005/07/scxml' version='1.0' datamodel='ecmascript'>";

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    private Path mission() throws IOException {
        return write("mission.scxml", HEAD
                + "<state id='idle'><transition event='go' target='moving'/><transition event='abort' target='aborted'/></state>"
                + "<state id='moving'><onentry><send event='arrived' delay='100ms'/></onentry>"
                + "<transition event='arrived' target='done'/></state>"
                + "<final id='done'/><final id='aborted'/></scxml>");
    }

    private Tree tree(Path scxml, DeadlineTimerQueue timers, Blackboard bb) {
        NodeRegistry registry = NodeRegistry.withBuiltins().register(StateMachineNode.TYPE);
        String xml = "<root BTCPP_format='4'><BehaviorTree ID='Main'>"
                + "<StateMachine file='" + scxml + "' failure_states='aborted' event='{cmd}' state='{mode}'/>"
                + "</BehaviorTree></root>";
        return new XmlTreeLoader(registry).loadText(xml, bb, new TreeContext(timers, 1L));
    }

    @Test
    void theNodeRunsTheMachineAndSucceedsAtItsFinalState() throws IOException {
        ManualNanoClock clock = new ManualNanoClock();
        DeadlineTimerQueue timers = new DeadlineTimerQueue(clock);
        Blackboard bb = Blackboard.create();
        Tree t = tree(mission(), timers, bb);
        assertThat(t.tickOnce()).isEqualTo(Status.RUNNING);
        assertThat(bb.entry("mode").objectValue()).isEqualTo("idle");
        bb.set("cmd", "go");
        assertThat(t.tickOnce()).isEqualTo(Status.RUNNING);
        assertThat(bb.entry("mode").objectValue()).isEqualTo("moving");
        assertThat(bb.entry("cmd").objectValue()).isEqualTo("");
        clock.advanceNs(100 * MS);
        timers.poll(clock.nanoTime());
        assertThat(t.tickOnce()).isEqualTo(Status.SUCCESS);
    }

    @Test
    void aListedFinalStateMeansFailureAndHaltingExitsTheMachine() throws IOException {
        ManualNanoClock clock = new ManualNanoClock();
        DeadlineTimerQueue timers = new DeadlineTimerQueue(clock);
        Blackboard bb = Blackboard.create();
        Tree t = tree(mission(), timers, bb);
        t.tickOnce();
        bb.set("cmd", "abort");
        assertThat(t.tickOnce()).isEqualTo(Status.FAILURE);

        Tree t2 = tree(mission(), timers, Blackboard.create());
        t2.tickOnce();
        StateMachineNode node = (StateMachineNode) t2.root();
        assertThat(node.machine().activeStates()).containsExactly("idle");
        t2.haltTree();
        assertThat(node.machine().isFinished()).isTrue();
        assertThat(node.machine().activeStates()).isEmpty();
    }

    @Test
    void aMissingMachineFileFailsWhenTheTreeIsBuilt() {
        assertThatThrownBy(() -> tree(dir.resolve("nope.scxml"), new DeadlineTimerQueue(new ManualNanoClock()),
                Blackboard.create())).isInstanceOf(InputException.class).hasMessageContaining("nope.scxml");
    }

    @Test
    void aStateRunsATreeAsItsActivityAndGetsItsResult() throws IOException {
        write("patrol.xml", "<root BTCPP_format='4'><BehaviorTree ID='Patrol'><Sleep msec='50'/></BehaviorTree></root>");
        Path scxml = write("m.scxml", HEAD
                + "<state id='patrol'><invoke type='canopy:tree' src='patrol.xml' id='walk'/>"
                + "<transition event='done.invoke.walk' cond=\"_event.data.status == 'SUCCESS'\" target='home'/>"
                + "<transition event='stop' target='stopped'/></state>"
                + "<final id='home'/><final id='stopped'/></scxml>");
        ManualNanoClock clock = new ManualNanoClock();
        Ticker ticker = new Ticker("control", clock);
        Machine m = ScxmlLoader.load(scxml).newMachine(new MachineContext(ticker.oneShotTimers()));
        ticker.addTimerHz("control", 100).addListener(m);
        m.start();
        ticker.advance(40 * MS);
        assertThat(m.activeStates()).containsExactly("patrol");
        ticker.advance(30 * MS);
        assertThat(m.finalStateId()).isEqualTo("home");
    }

    @Test
    void leavingTheStateHaltsItsTree() throws IOException {
        write("patrol.xml", "<root BTCPP_format='4'><BehaviorTree ID='Patrol'><Sleep msec='5000'/></BehaviorTree></root>");
        Path scxml = write("m.scxml", HEAD
                + "<state id='patrol'><invoke type='canopy:tree' src='patrol.xml'/>"
                + "<transition event='stop' target='stopped'/></state><state id='stopped'/></scxml>");
        ManualNanoClock clock = new ManualNanoClock();
        Ticker ticker = new Ticker("control", clock);
        Machine m = ScxmlLoader.load(scxml).newMachine(new MachineContext(ticker.oneShotTimers()));
        ticker.addTimerHz("control", 100).addListener(m);
        m.start();
        ticker.advance(20 * MS);
        assertThat(ticker.oneShotTimers().size()).isEqualTo(1);
        m.offer("stop", null);
        ticker.advance(10 * MS);
        assertThat(m.activeStates()).containsExactly("stopped");
        assertThat(ticker.oneShotTimers().isEmpty()).as("the Sleep node's timer was cancelled by the halt").isTrue();
    }

    @Test
    void aTreeActivityNeedsAnExistingFile() {
        assertThatThrownBy(() -> ScxmlLoader.parse(HEAD + "<state id='a'><invoke type='canopy:tree' src='none.xml'/>"
                + "</state></scxml>", "t.scxml")).isInstanceOf(InputException.class)
                .hasMessageContaining("<invoke>").hasMessageContaining("none.xml");
    }

    @Test
    void aRestoredMachineStartsTheTreesOfItsActiveStatesAgain() throws IOException {
        write("patrol.xml", "<root BTCPP_format='4'><BehaviorTree ID='Patrol'><Sleep msec='50'/></BehaviorTree></root>");
        Path scxml = write("m.scxml", HEAD
                + "<state id='patrol'><invoke type='canopy:tree' src='patrol.xml' id='walk'/>"
                + "<transition event='done.invoke.walk' target='home'/></state><final id='home'/></scxml>");
        ManualNanoClock clock = new ManualNanoClock();
        Ticker ticker = new Ticker("control", clock);
        Machine m = ScxmlLoader.load(scxml).newMachine(new MachineContext(ticker.oneShotTimers()));
        ticker.addTimerHz("control", 100).addListener(m);
        m.start();
        ticker.advance(20 * MS);
        byte[] bytes = m.snapshot();

        Ticker ticker2 = new Ticker("control", new ManualNanoClock());
        Machine resumed = ScxmlLoader.load(scxml).restore(new MachineContext(ticker2.oneShotTimers()), bytes);
        ticker2.addTimerHz("control", 100).addListener(resumed);
        ticker2.advance(40 * MS);
        assertThat(resumed.activeStates()).containsExactly("patrol");
        ticker2.advance(30 * MS);
        assertThat(resumed.finalStateId()).isEqualTo("home");
    }
}

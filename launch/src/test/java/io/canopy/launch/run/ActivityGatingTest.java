package io.canopy.launch.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.bt.Blackboard;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.bt.load.XmlTreeLoader;
import io.canopy.launch.plan.MachinePlan;
import io.canopy.launch.plan.Source;
import io.canopy.launch.plan.TreePlan;
import io.canopy.launch.route.EventBus;
import io.canopy.launch.route.Outbound;
import io.canopy.statemachine.MachineContext;
import io.canopy.statemachine.Statechart;
import io.canopy.statemachine.build.ScxmlLoader;
import io.canopy.tick.ManualNanoClock;
import io.canopy.tick.TickTimer;
import io.canopy.tick.Ticker;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Trees as state activities ({@code active_in}), machines and the event bus on the manual clock: a tree runs
 * only while its state is active, is halted when the state exits, and its outcome is an event the machine
 * takes on the next tick.
 */
class ActivityGatingTest {
    private static final long PERIOD_NS = 20_000_000L;
    private static final Source SRC = new Source(Path.of("test.launch.xml"), 1, 1, "node");
    private static final String CHART = """
            <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="Wait">
              <state id="Wait"><transition event="go" target="Work"/></state>
              <state id="Work">
                <transition event="abort" target="Wait"/>
                <transition event="finished" target="Done"/>
              </state>
              <state id="Done"/>
            </scxml>
            """;

    private final ManualNanoClock clock = new ManualNanoClock();
    private final Ticker ticker = new Ticker("test", clock);
    private final Blackboard bb = Blackboard.create();
    private final Outbound outbound = new Outbound("test");
    private final EventBus bus = new EventBus(outbound.queue, "drop");
    private MachineSlot machine;
    private TickTimer control;

    @BeforeEach
    void machine() {
        control = ticker.addTimer("control", io.canopy.tick.TickRate.periodNs(PERIOD_NS));
        Statechart chart = ScxmlLoader.parse(CHART, "mission");
        machine = new MachineSlot(new MachinePlan("mission", Path.of("m.scxml"), "control", SRC), chart,
                chart.newMachine(new MachineContext(ticker.oneShotTimers())));
        bus.addMachine(machine);
        control.addListener(machine);
    }

    private TreeSlot tree(String xml, String onSuccess) {
        Tree tree = new XmlTreeLoader(NodeRegistry.withBuiltins()).loadText(xml, bb, new TreeContext(ticker.oneShotTimers(), 1));
        TreePlan plan = new TreePlan("work", Path.of("t.xml"), null, "control", 1, true, "mission", "Work", onSuccess, null, SRC);
        TreeSlot slot = new TreeSlot(plan, tree, machine, machine.chart.stateIndex("Work"), bus);
        control.addListener(slot);
        return slot;
    }

    private void tick() {
        ticker.advance(PERIOD_NS);
        machine.refreshStatus();
    }

    @Test
    void aTreeRunsOnlyWhileItsStateIsActiveAndIsHaltedWhenTheStateExits() {
        TreeSlot slot = tree("""
                <root BTCPP_format="4"><BehaviorTree ID="Work">
                  <Sleep msec="100000" _onHalted="halted := halted + 1"/>
                </BehaviorTree></root>
                """, null);
        bb.set("halted", 0L);
        tick();
        tick();
        assertThat(machine.stateText()).isEqualTo("Wait");
        assertThat(slot.ticks()).as("not ticked outside its state").isZero();

        bus.publish("go", null, null, clock.nanoTime());
        tick();
        assertThat(machine.stateText()).isEqualTo("Work");
        assertThat(slot.ticks()).as("ticked in the tick the state was entered").isEqualTo(1);
        tick();
        assertThat(slot.ticks()).isEqualTo(2);
        assertThat(bb.entry("halted").longValue()).isZero();

        bus.publish("abort", null, null, clock.nanoTime());
        tick();
        assertThat(machine.stateText()).isEqualTo("Wait");
        assertThat(bb.entry("halted").longValue()).as("halted when its state exited").isPositive();
        tick();
        assertThat(slot.ticks()).isEqualTo(2);
    }

    @Test
    void aTreesSuccessIsAnEventTheMachineTakesOnTheNextTick() {
        TreeSlot slot = tree("""
                <root BTCPP_format="4"><BehaviorTree ID="Work">
                  <Sequence><Script code="steps := 1"/><Sleep msec="40"/></Sequence>
                </BehaviorTree></root>
                """, "finished");
        bus.publish("go", null, null, clock.nanoTime());
        tick();
        assertThat(machine.stateText()).isEqualTo("Work");
        tick();
        tick();
        tick();
        assertThat(slot.runs()).as("the 40 ms sleep ended after two ticks of 20 ms").isEqualTo(1);
        tick();
        assertThat(machine.stateText()).isEqualTo("Done");
        int ticks = (int) slot.ticks();
        tick();
        assertThat(slot.ticks()).as("no longer ticked once its state is left").isEqualTo(ticks);
    }

    @Test
    void eventsNobodyTakesAreCounted() {
        EventBus empty = new EventBus(outbound.queue, "error");
        empty.publish("nobody.listens", null, null, 0);
        assertThat(empty.unconsumed()).isEqualTo(1);
        bus.publish("go", null, null, 0);
        assertThat(bus.unconsumed()).isZero();
    }
}

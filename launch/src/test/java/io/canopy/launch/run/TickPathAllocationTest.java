package io.canopy.launch.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.bt.Blackboard;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.bt.load.XmlTreeLoader;
import io.canopy.expr.ValueKind;
import io.canopy.launch.plan.MachinePlan;
import io.canopy.launch.plan.Source;
import io.canopy.launch.plan.TreePlan;
import io.canopy.launch.route.EventBus;
import io.canopy.launch.route.InboundRouter;
import io.canopy.launch.route.Outbound;
import io.canopy.statemachine.MachineContext;
import io.canopy.statemachine.Statechart;
import io.canopy.statemachine.build.ScxmlLoader;
import io.canopy.tick.Event;
import io.canopy.tick.EventKind;
import io.canopy.tick.ManualNanoClock;
import io.canopy.tick.TickRate;
import io.canopy.tick.TickTimer;
import io.canopy.tick.Ticker;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The launch runtime's share of the tick path allocates nothing: inbox events routed into the blackboard,
 * a machine taking its (empty) queue, a tree gated by the machine's state and ticking a reactive condition
 * over the routed value. Measured with the thread's allocation counter over 20,000 ticks on the manual
 * clock (the deterministic ticker runs them on this thread).
 */
class TickPathAllocationTest {
    private static final Source SRC = new Source(Path.of("t.launch.xml"), 1, 1, "node");

    @Test
    void routingGatingAndTickingAllocateNothingPerTick() {
        ManualNanoClock clock = new ManualNanoClock();
        Ticker ticker = new Ticker("alloc", clock);
        TickTimer control = ticker.addTimer("control", TickRate.periodNs(1_000_000));
        Blackboard bb = Blackboard.create();
        Outbound outbound = new Outbound("alloc");
        EventBus bus = new EventBus(outbound.queue, "drop");
        InboundRouter router = new InboundRouter(bus);
        router.countTicksOf(control);
        ticker.addEventHandler(router);
        String key = "bind#0 sensor:front.range_m -> blackboard:front_range".intern();
        router.toBlackboard(key, bb.entry("front_range", ValueKind.DOUBLE));
        bb.entry("front_range").setDouble(Double.NaN);

        Statechart chart = ScxmlLoader.parse("""
                <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="Work"><state id="Work"/></scxml>
                """, "m");
        MachineSlot machine = new MachineSlot(new MachinePlan("m", Path.of("m.scxml"), "control", SRC), chart,
                chart.newMachine(new MachineContext(ticker.oneShotTimers())));
        machine.start();
        control.addListener(machine);
        Tree tree = new XmlTreeLoader(NodeRegistry.withBuiltins()).loadText("""
                <root BTCPP_format="4"><BehaviorTree ID="T">
                  <ReactiveSequence><ScriptCondition code="!(front_range &lt; 0.4)"/><Sleep msec="100000000"/></ReactiveSequence>
                </BehaviorTree></root>
                """, bb, new TreeContext(ticker.oneShotTimers(), 1));
        TreeSlot slot = new TreeSlot(new TreePlan("t", Path.of("t.xml"), null, "control", 1, true, "m", "Work", null, null, SRC),
                tree, machine, chart.stateIndex("Work"), bus);
        control.addListener(slot);

        Event scratch = new Event(0);
        for (int i = 0; i < 150_000; i++) { // warm up: until the JIT has compiled the path, the interpreter allocates
            ticker.inbox().offer(scratch.set(EventKind.SENSOR, key, clock.nanoTime()).value(1.0 + (i & 7)));
            ticker.advance(1_000_000);
        }
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        long allocated = Long.MAX_VALUE;
        int windows = 0;
        while (windows < 10 && allocated > 0) { // the least of several windows: a late JIT recompilation is not the path
            long before = mx.getThreadAllocatedBytes(tid);
            for (int i = 0; i < 20_000; i++) {
                ticker.inbox().offer(scratch.set(EventKind.SENSOR, key, clock.nanoTime()).value(1.0 + (i & 7)));
                ticker.advance(1_000_000);
            }
            allocated = Math.min(allocated, mx.getThreadAllocatedBytes(tid) - before);
            windows++;
        }

        assertThat(slot.ticks()).isEqualTo(150_000 + 20_000L * windows);
        assertThat(slot.lastStatus()).isEqualTo(io.canopy.bt.Status.RUNNING);
        assertThat(bb.entry("front_range").doubleValue()).isBetween(1.0, 8.0);
        assertThat(allocated).as("bytes allocated over 20,000 ticks").isLessThan(1024);
    }
}

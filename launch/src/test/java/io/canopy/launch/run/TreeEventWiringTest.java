package io.canopy.launch.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.bt.Blackboard;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Status;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.bt.load.XmlTreeLoader;
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
import io.canopy.tick.EventHandler;
import io.canopy.tick.EventKind;
import io.canopy.tick.ManualNanoClock;
import io.canopy.tick.TickRate;
import io.canopy.tick.TickTimer;
import io.canopy.tick.Ticker;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The event bus and trees on the manual clock, in-process: a bound event reaches the tree that listens to it
 * in its next tick, what the tree's SendEvent sends goes on the bus (to the machines and the outgoing
 * bindings), events a tree does not listen to are not given to it, and the whole round trip allocates nothing.
 */
class TreeEventWiringTest {
    private static final Source SRC = new Source(Path.of("t.launch.xml"), 1, 1, "node");
    private static final long PERIOD_NS = 1_000_000L;
    private static final String GOAL_KEY = "bind#0 mqtt:cmd/goal -> event:goal".intern();
    private static final String REPLY_KEY = "bind#1 event:reply -> mqtt:events/reply".intern();
    private static final String ANSWER_TREE = """
            <root BTCPP_format="4"><BehaviorTree ID="Answer">
              <Sequence>
                <ConsumeEvent event="goal" wait="true" value="{g}"/>
                <SendEvent event="reply" value="g * 2"/>
              </Sequence>
            </BehaviorTree></root>
            """;

    private final ManualNanoClock clock = new ManualNanoClock();
    private final Ticker ticker = new Ticker("wire", clock);
    private final TickTimer control = ticker.addTimer("control", TickRate.periodNs(PERIOD_NS));
    private final Blackboard bb = Blackboard.create();
    private final Outbound outbound = new Outbound("wire");
    private final EventBus bus = new EventBus(outbound.queue, "drop");
    private final InboundRouter router = new InboundRouter(bus);
    private final Event scratch = new Event(0);

    TreeEventWiringTest() {
        ticker.addEventHandler(router);
        router.toEvent(GOAL_KEY, "goal");
        bus.addOutgoing("reply", REPLY_KEY);
    }

    private TreeSlot tree(String xml, boolean restart) {
        Tree tree = new XmlTreeLoader(NodeRegistry.withBuiltins()).loadText(xml, bb, new TreeContext(ticker.oneShotTimers(), 1));
        TreeSlot slot = new TreeSlot(new TreePlan("answer", Path.of("t.xml"), null, "control", 1, restart, null, null, null, null, SRC),
                tree, null, -1, bus);
        bus.addTree(slot);
        control.addListener(slot);
        return slot;
    }

    private MachineSlot machine() {
        Statechart chart = ScxmlLoader.parse("""
                <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="Waiting">
                  <state id="Waiting"><transition event="reply" target="Replied"/></state>
                  <state id="Replied"/>
                </scxml>
                """, "m");
        MachineSlot m = new MachineSlot(new MachinePlan("m", Path.of("m.scxml"), "control", SRC), chart,
                chart.newMachine(new MachineContext(ticker.oneShotTimers())));
        m.start();
        bus.addMachine(m);
        control.addListener(m);
        return m;
    }

    private void goal(double value) {
        ticker.inbox().offer(scratch.set(EventKind.COMMAND, GOAL_KEY, clock.nanoTime()).value(value));
    }

    /** The reply events the outgoing binding got: their count and last value (records without allocating). */
    private static final class Replies implements EventHandler {
        int count;
        double last = Double.NaN;
        String lastKey;

        @Override
        public void onEvent(Event e) {
            count++;
            last = e.value();
            lastKey = e.name();
        }
    }

    @Test
    void aBoundEventReachesTheListeningTreeAndItsReplyReachesTheBindingAndTheMachine() {
        MachineSlot m = machine();
        TreeSlot slot = tree(ANSWER_TREE, false);
        Replies replies = new Replies();

        ticker.advance(PERIOD_NS);
        ticker.advance(PERIOD_NS);
        assertThat(slot.lastStatus()).as("waiting for its goal").isEqualTo(Status.RUNNING);
        assertThat(outbound.queue.drain(replies)).isZero();

        goal(21);
        ticker.advance(PERIOD_NS);
        assertThat(slot.lastStatus()).isEqualTo(Status.SUCCESS);
        assertThat(bb.entry("g").doubleValue()).as("the goal's value, through ConsumeEvent's value port").isEqualTo(21.0);
        assertThat(outbound.queue.drain(replies)).isEqualTo(1);
        assertThat(replies.lastKey).isSameAs(REPLY_KEY);
        assertThat(replies.last).as("SendEvent's value reaches the event: -> mqtt: binding").isEqualTo(42.0);
        assertThat(slot.events().consumed()).isEqualTo(1);

        ticker.advance(PERIOD_NS);
        m.refreshStatus();
        assertThat(m.stateText()).as("the machine took the tree's reply").isEqualTo("Replied");
        assertThat(bus.unconsumed()).isZero();
    }

    @Test
    void anEventTheTreeDoesNotListenToIsNotGivenToIt() {
        TreeSlot slot = tree(ANSWER_TREE, false);
        ticker.advance(PERIOD_NS);

        bus.publish("other", 7, null, null, clock.nanoTime());
        ticker.advance(PERIOD_NS);

        assertThat(slot.events().delivered()).as("the tree listens to 'goal' only").isZero();
        assertThat(slot.lastStatus()).as("still waiting for its goal").isEqualTo(Status.RUNNING);
        assertThat(bus.unconsumed()).as("no machine, tree or binding took 'other': dropped and counted").isEqualTo(1);
    }

    @Test
    void anEventTheTreeListensToButDoesNotConsumeIsDroppedAndCountedByTheTree() {
        TreeSlot slot = tree("""
                <root BTCPP_format="4"><BehaviorTree ID="Pick">
                  <ConsumeEvent event="goal" pick="_value &gt; 100" wait="true"/>
                </BehaviorTree></root>
                """, false);
        goal(5);
        ticker.advance(PERIOD_NS);

        assertThat(slot.events().delivered()).isEqualTo(1);
        assertThat(slot.events().consumed()).isZero();
        assertThat(slot.events().dropped()).as("policy 'drop': dropped after the tick and counted").isEqualTo(1);
        assertThat(bus.unconsumed()).as("the bus counts it as taken by the tree").isZero();
        assertThat(slot.lastStatus()).isEqualTo(Status.RUNNING);
    }

    @Test
    void aTreeDoesNotReceiveTheEventsItSendsItself() {
        TreeSlot slot = tree("""
                <root BTCPP_format="4"><BehaviorTree ID="Echo">
                  <Sequence><SendEvent event="goal" value="1"/><ConsumeEvent event="goal" wait="true"/></Sequence>
                </BehaviorTree></root>
                """, false);
        ticker.advance(PERIOD_NS);
        ticker.advance(PERIOD_NS);
        assertThat(slot.events().delivered()).isZero();
        assertThat(slot.lastStatus()).isEqualTo(Status.RUNNING);
    }

    @Test
    void theRoundTripFromInboxThroughTreeToOutboxAllocatesNothing() {
        TreeSlot slot = tree(ANSWER_TREE, true);
        Replies replies = new Replies();
        for (int i = 0; i < 60_000; i++) { // warm up: until the JIT has compiled the path, the interpreter allocates
            goal(i & 7);
            ticker.advance(PERIOD_NS);
            outbound.queue.drain(replies);
        }
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        int before = replies.count;
        long allocated = Long.MAX_VALUE;
        // best of up to five windows: a late JIT compilation allocates once, a per-tick allocation every window
        for (int window = 0; window < 5 && allocated >= 1024; window++) {
            long bytesBefore = mx.getThreadAllocatedBytes(tid);
            for (int i = 0; i < 20_000; i++) {
                goal(i & 7);
                ticker.advance(PERIOD_NS);
                outbound.queue.drain(replies);
            }
            allocated = Math.min(allocated, mx.getThreadAllocatedBytes(tid) - bytesBefore);
        }

        assertThat(replies.count - before).as("one reply per goal").isGreaterThanOrEqualTo(9_999);
        assertThat(replies.last).isBetween(0.0, 14.0);
        assertThat(slot.errors()).isZero();
        assertThat(allocated).as("bytes allocated over 20,000 round trips").isLessThan(1024);
    }
}

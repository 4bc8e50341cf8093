package io.canopy.bt.event;

import static io.canopy.bt.Status.FAILURE;
import static io.canopy.bt.Status.RUNNING;
import static io.canopy.bt.Status.SUCCESS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.InputException;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeRunner;
import io.canopy.bt.catalog.SeedTrees;
import io.canopy.tick.Event;
import io.canopy.tick.EventKind;
import io.canopy.tick.EventQueue;
import io.canopy.tick.TickRate;
import io.canopy.tick.Ticker;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EventNodesTest {
    private final SeedTrees t = new SeedTrees();

    @Test
    void consumeEventSucceedsOnlyInTheTickItsEventWasDeliveredFor() {
        Tree tree = t.load("<ConsumeEvent event=\"go\" value=\"{v}\"/>");
        TreeEvents events = TreeEvents.of(tree.context());
        events.deliver("go", 2.5);
        assertThat(tree.tickExactlyOnce()).isEqualTo(SUCCESS);
        assertThat(t.blackboard.entry("v").doubleValue()).isEqualTo(2.5);
        assertThat(tree.tickExactlyOnce()).isEqualTo(FAILURE);
        assertThat(events.consumed()).isEqualTo(1);
        assertThat(events.dropped()).isZero();
    }

    @Test
    void waitKeepsItRunningUntilTheEventArrives() {
        Tree tree = t.load("<ConsumeEvent event=\"go\" wait=\"true\"/>");
        assertThat(SeedTrees.tick(tree, 3)).containsExactly(RUNNING, RUNNING, RUNNING);
        TreeEvents.of(tree.context()).deliver("go", 0);
        assertThat(tree.tickExactlyOnce()).isEqualTo(SUCCESS);
    }

    @Test
    void pickChoosesAMatchingEventAndLeavesTheOthersToLaterNodes() {
        Tree tree = t.load("<Sequence>"
                + "<ConsumeEvent event=\"range\" pick=\"_value &gt; 5\" value=\"{far}\"/>"
                + "<ConsumeEvent event=\"range\" value=\"{near}\"/></Sequence>");
        TreeEvents events = TreeEvents.of(tree.context());
        events.deliver("range", 3);
        events.deliver("range", 7);
        assertThat(tree.tickExactlyOnce()).isEqualTo(SUCCESS);
        assertThat(t.blackboard.entry("far").doubleValue()).isEqualTo(7);
        assertThat(t.blackboard.entry("near").doubleValue()).isEqualTo(3);
        events.deliver("range", 1);
        assertThat(tree.tickExactlyOnce()).isEqualTo(FAILURE);
        assertThat(events.dropped()).as("the 1 was not picked, so nobody consumed it").isEqualTo(1);
    }

    @Test
    void unconsumedEventsAreDroppedAndCountedUnderTheDropPolicy() {
        Tree tree = t.load("<Sequence><ConsumeEvent event=\"a\"/><ConsumeEvent event=\"b\"/></Sequence>");
        TreeEvents events = TreeEvents.of(tree.context());
        events.deliver("b", 0);
        assertThat(tree.tickExactlyOnce()).isEqualTo(FAILURE);
        assertThat(events.dropped()).isEqualTo(1);
        events.deliver("a", 0);
        assertThat(tree.tickExactlyOnce()).as("b was dropped after its tick").isEqualTo(FAILURE);
        assertThat(events.dropped()).isEqualTo(1);
    }

    @Test
    void theErrorPolicyFailsTheTickNamingTheUnconsumedEvent() {
        Tree tree = t.load("<Sequence><ConsumeEvent event=\"a\"/><ConsumeEvent event=\"b\"/></Sequence>");
        TreeEvents.of(tree.context()).policy(UnconsumedPolicy.ERROR).deliver("b", 0);
        assertThatThrownBy(tree::tickExactlyOnce).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("event 'b' was not consumed");
        TreeEvents.of(tree.context()).deliver("a", 0);
        TreeEvents.of(tree.context()).deliver("b", 0);
        assertThat(tree.tickExactlyOnce()).isEqualTo(SUCCESS);
    }

    @Test
    void aTickThatFailsLosesItsOwnEventsButNotTheOnesDeliveredAfterIt() {
        t.blackboard.set("x", 0L);
        Tree tree = t.load("<Sequence><Predicate if=\"x == 1\"/><ConsumeEvent event=\"go\"/></Sequence>");
        t.blackboard.entry("x").clear();
        TreeEvents.of(tree.context()).deliver("go", 1);
        assertThatThrownBy(tree::tickExactlyOnce).hasMessageContaining("x");
        TreeEvents.of(tree.context()).deliver("go", 2);
        t.blackboard.set("x", 1L);
        assertThat(tree.tickExactlyOnce()).isEqualTo(SUCCESS);
        assertThat(TreeEvents.of(tree.context()).dropped()).as("the failed tick's event").isEqualTo(1);
    }

    @Test
    void eventsNoNodeListensToAreNotThisTreesBusiness() {
        Tree tree = t.load("<ConsumeEvent event=\"go\"/>");
        TreeEvents.of(tree.context()).policy(UnconsumedPolicy.ERROR);
        assertThat(TreeEvents.of(tree.context()).deliver("battery", 12)).isFalse();
        assertThat(tree.tickExactlyOnce()).isEqualTo(FAILURE);
        assertThat(TreeEvents.of(tree.context()).dropped()).isZero();
    }

    @Test
    void onEventBindsThePayloadForItsChildAndRunsItToCompletion() {
        t.leaf("Drive", RUNNING, SUCCESS);
        Tree tree = t.load("<OnEvent event=\"goal\" wait=\"true\" value=\"{goal_x}\"><Sequence>"
                + "<Predicate if=\"goal_x == 4\"/><Drive/></Sequence></OnEvent>");
        assertThat(tree.tickExactlyOnce()).isEqualTo(RUNNING);
        TreeEvents.of(tree.context()).deliver("goal", 4);
        assertThat(tree.tickExactlyOnce()).isEqualTo(RUNNING);
        TreeEvents.of(tree.context()).deliver("goal", 9);
        assertThat(tree.tickExactlyOnce()).as("the child finishes; the second goal is not taken meanwhile")
                .isEqualTo(SUCCESS);
        assertThat(t.blackboard.entry("goal_x").hasValue()).as("bound only while the child ran").isFalse();
        assertThat(TreeEvents.of(tree.context()).dropped()).isEqualTo(1);
    }

    @Test
    void theAttachmentReachesThePayloadOutputAndThePickCondition() {
        Tree tree = t.load("<ConsumeEvent event=\"goal\" pick=\"_payload == 'dock'\" payload=\"{where}\"/>");
        TreeEvents.of(tree.context()).deliver("goal", 0, "kitchen", 5L);
        assertThat(tree.tickExactlyOnce()).isEqualTo(FAILURE);
        TreeEvents.of(tree.context()).deliver("goal", 0, "dock", 6L);
        assertThat(tree.tickExactlyOnce()).isEqualTo(SUCCESS);
        assertThat(t.blackboard.entry("where").stringValue()).isEqualTo("dock");
    }

    @Test
    void sendEventPutsTheEventWithItsValueIntoTheOutbox() {
        t.blackboard.set("speed", 1.5);
        Tree tree = t.load("<SendEvent event=\"arrived\" value=\"speed * 2\" payload=\"'dock'\"/>");
        t.clock.setNs(77);
        assertThat(tree.tickExactlyOnce()).isEqualTo(SUCCESS);
        List<String> seen = new ArrayList<>();
        TreeEvents.of(tree.context()).outbox().drain(e -> seen.add(e.name() + " " + e.value() + " " + e.attachment()
                + " " + e.kind() + " @" + e.timestampNs()));
        assertThat(seen).containsExactly("arrived 3.0 dock COMMAND @77");
    }

    @Test
    void aFullCommandOutboxMakesSendEventFail() {
        Tree tree = t.load("<SendEvent event=\"cmd\"/>");
        TreeEvents.of(tree.context()).outbox(EventQueue.builder().commandCapacity(1).sensorCapacity(1).build());
        assertThat(SeedTrees.tick(tree, 2)).containsExactly(SUCCESS, FAILURE);
    }

    @Test
    void theTickerDeliversInboxEventsToTheTreeBeforeTicking() {
        Tree tree = t.load("<Sequence><ConsumeEvent event=\"go\" wait=\"true\" value=\"{n}\"/>"
                + "<SendEvent event=\"done\" value=\"n + 1\"/></Sequence>");
        Ticker ticker = new Ticker("test", t.clock);
        ticker.addEventHandler(TreeEvents.of(tree.context()));
        TreeRunner runner = new TreeRunner(tree, TreeRunner.WhenDone.STOP, null);
        ticker.addTimer("control", TickRate.hz(100)).addListener(runner);
        ticker.advance(30_000_000L);
        assertThat(runner.lastStatus()).isEqualTo(RUNNING);
        ticker.inbox().offer(new Event(0).set(EventKind.COMMAND, "go", t.clock.nanoTime()).value(41));
        ticker.advance(10_000_000L);
        assertThat(runner.lastStatus()).isEqualTo(SUCCESS);
        List<Double> out = new ArrayList<>();
        TreeEvents.of(tree.context()).outbox().drain(e -> out.add(e.value()));
        assertThat(out).containsExactly(42.0);
    }

    @Test
    void badPortsAreLoadErrorsNamingTheElement() {
        assertThatThrownBy(() -> t.load("<ConsumeEvent event=\"go\" pick=\"_value &gt;\"/>"))
                .isInstanceOf(InputException.class).hasMessageContaining("ConsumeEvent")
                .hasMessageContaining("port 'pick'");
        assertThatThrownBy(() -> t.load("<SendEvent event=\"= 'a' +\"/>"))
                .isInstanceOf(InputException.class).hasMessageContaining("SendEvent")
                .hasMessageContaining("port 'event'");
    }
}

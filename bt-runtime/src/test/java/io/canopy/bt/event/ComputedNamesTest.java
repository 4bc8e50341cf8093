package io.canopy.bt.event;

import static io.canopy.bt.Status.RUNNING;
import static io.canopy.bt.Status.SUCCESS;
import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.bt.Tree;
import io.canopy.bt.catalog.SeedTrees;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * cark: the :event of :send-event / :consume-event / :on-event and the :timer name are "a keyword or keyword
 * returning context function": literal, read from the blackboard, or computed by a script.
 */
class ComputedNamesTest {
    private final SeedTrees t = new SeedTrees();

    private static List<String> sent(Tree tree) {
        List<String> out = new ArrayList<>();
        TreeEvents.of(tree.context()).outbox().drain(e -> out.add(e.name()));
        return out;
    }

    @Test
    void sendEventTakesItsNameFromTheBlackboardOrAScript() {
        t.blackboard.set("x", "arrived");
        t.blackboard.set("room", "kitchen");
        Tree tree = t.load("<Sequence><SendEvent event=\"{x}\"/><SendEvent event=\"= 'at_' + room\"/>"
                + "<Update code=\"x := 'left'\"/><SendEvent event=\"{x}\"/></Sequence>");
        assertThat(tree.tickOnce()).isEqualTo(SUCCESS);
        assertThat(sent(tree)).containsExactly("arrived", "at_kitchen", "left");
    }

    @Test
    void consumeEventTakesItsNameFromTheBlackboard() {
        t.blackboard.set("want", "b");
        Tree tree = t.load("<ConsumeEvent event=\"{want}\" value=\"{v}\"/>");
        TreeEvents.of(tree.context()).deliver("a", 1);
        TreeEvents.of(tree.context()).deliver("b", 2);
        assertThat(tree.tickExactlyOnce()).isEqualTo(SUCCESS);
        assertThat(t.blackboard.entry("v").doubleValue()).isEqualTo(2);
    }

    @Test
    void aNamedTimerTakesItsNameFromTheBlackboardAndChainsExactly() {
        t.blackboard.set("leg", "walk");
        Tree tree = t.load("<Sequence><Timer msec=\"100\" timer=\"{leg}\"/><Timer msec=\"100\" timer=\"= leg\"/>"
                + "</Sequence>");
        List<Long> doneAt = new ArrayList<>();
        for (int i = 0; i < 10 && doneAt.isEmpty(); i++) {
            if (tree.tickOnce() == SUCCESS) {
                doneAt.add(t.clock.nanoTime() / 1_000_000L);
            }
            t.advanceMs(30);
        }
        assertThat(doneAt).containsExactly(210L);
        assertThat(t.blackboard.root().entry("_timer.walk").longValue())
                .as("the second counted from the first's deadline (100 ms), not the tick that saw it (120 ms)")
                .isEqualTo(200_000_000L);
    }

    @Test
    void aComputedTimerNameIsReadWhenTheTimerStarts() {
        t.blackboard.set("leg", "a");
        Tree tree = t.load("<Timer msec=\"50\" timer=\"{leg}\"/>");
        assertThat(tree.tickExactlyOnce()).isEqualTo(RUNNING);
        t.blackboard.set("leg", "b");
        t.advanceMs(50);
        assertThat(tree.tickExactlyOnce()).isEqualTo(SUCCESS);
        assertThat(t.blackboard.root().entry("_timer.a").longValue()).isEqualTo(50_000_000L);
        assertThat(t.blackboard.root().entry("_timer.b").hasValue()).isFalse();
    }
}

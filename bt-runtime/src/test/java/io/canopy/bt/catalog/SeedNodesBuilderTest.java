package io.canopy.bt.catalog;

import static io.canopy.bt.Status.FAILURE;
import static io.canopy.bt.Status.RUNNING;
import static io.canopy.bt.Status.SUCCESS;
import static io.canopy.bt.TreeBuilder.node;
import static io.canopy.bt.TreeBuilder.sequence;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.InputException;
import io.canopy.bt.Blackboard;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeBuilder;
import io.canopy.bt.TreeContext;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.ManualNanoClock;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Every seed node type built from Java with the TreeBuilder, ports and children as in XML. */
class SeedNodesBuilderTest {
    private final ManualNanoClock clock = new ManualNanoClock();
    private final Blackboard bb = Blackboard.create();

    private TreeBuilder builder() {
        return new TreeBuilder(NodeRegistry.withBuiltins())
                .action("Ok", () -> Status.SUCCESS)
                .action("No", () -> Status.FAILURE);
    }

    private TreeContext context() {
        return new TreeContext(new DeadlineTimerQueue(clock), 3L);
    }

    @Test
    void everySeedNodeTypeCanBeBuiltInJava() {
        bb.set("target", 42L);
        Tree tree = builder().tree("Main", node("ParallelPolicy").port("success", "every").port("failure", "every")
                .port("rerun_children", true).children(
                        node("ConsumeEvent").port("event", "go").port("value", "{v}"),
                        node("OnEvent").port("event", "go").child(node("Ok")),
                        node("SendEvent").port("event", "out").port("value", "target + 1"),
                        node("GuardSelector").child(node("Guard").children(
                                node("Predicate").port("if", "target == 42"), node("Ok"))),
                        node("Map").port("items", "1;2").port("item", "{it}").child(node("Ok")),
                        node("Bind").port("let", "k := 1").child(node("Ok")),
                        node("OnCancel").children(node("Ok"), node("Ok")),
                        node("TickEater").port("count", 1),
                        node("Timer").port("msec", 0).port("timer", "t"),
                        node("UntilSuccess").child(node("Ok")),
                        node("UntilFailure").child(node("No")),
                        node("RepeatWhile").port("count", 1).child(node("Ok")),
                        node("Update").port("code", "u := 1"),
                        node("Trace").child(node("Ok")),
                        node("All").children(node("Reward").port("value", 1.5), node("No")),
                        node("XChoice").port("order", "EPSILON_GREEDY").port("epsilon", 0.3)
                                .children(node("No"), node("Ok")),
                        node("SelectP").port("p", 50).children(node("No"), node("Ok")),
                        node("LoopCount").port("count", 2).child(node("Ok")),
                        node("LoopUntil").port("attempts", 2).child(node("No")),
                        node("Maybe").port("p", 50).child(node("Ok")),
                        node("Either").port("p", 50).children(node("Ok"), node("No")),
                        node("RandomChoice").children(node("Ok"), node("No")),
                        node("RandomEach").children(node("Ok"), node("No")),
                        node("Always").child(node("No")),
                        node("Never").child(node("Ok")),
                        node("SequenceStar").children(node("Ok"), node("TickEater").port("count", 1)),
                        node("SelectorStar").children(node("No"), node("Ok")),
                        sequence(node("Succeed"), node("Fail"))))
                .build(bb, context());
        Set<String> used = new HashSet<>();
        tree.forEachNode(n -> used.add(n.typeId()));
        for (NodeType t : NodeFamilies.ALL) {
            assertThat(used).as(t.id()).contains(t.id());
        }
        for (int i = 0; i < 20; i++) {
            io.canopy.bt.event.TreeEvents.of(tree.context()).deliver("go", i);
            clock.advanceNs(1_000_000L);
            assertThat(tree.tickExactlyOnce()).isEqualTo(RUNNING);
        }
        assertThat(bb.entry("u").longValue()).isEqualTo(1);
        assertThat(io.canopy.bt.learning.TreeRewards.of(tree.context()).total()).isEqualTo(30.0);
        assertThat(io.canopy.bt.event.TreeEvents.of(tree.context()).consumed()).isEqualTo(20);
    }

    @Test
    void builderMistakesAreInputErrorsNamingTheNode() {
        assertThatThrownBy(() -> builder().tree("Main", node("Either").port("p", 50).child(node("Ok")))
                .build(bb, context())).isInstanceOf(InputException.class).hasMessageContaining("Either");
        assertThatThrownBy(() -> builder().tree("Main", node("Maybe").port("p", 101).child(node("Ok")))
                .build(bb, context())).isInstanceOf(InputException.class)
                .hasMessageContaining("percentage from 1 to 100");
        assertThatThrownBy(() -> builder().tree("Main", node("ParallelPolicy").port("success", "all")
                .child(node("Ok"))).build(bb, context())).isInstanceOf(InputException.class)
                .hasMessageContaining("every, some or a positive count");
    }

    @Test
    void aBuiltGuardFailsWhenItsPredicateDoes() {
        bb.set("ok", 1L);
        Tree tree = builder().tree("Main", node("Guard").children(node("Predicate").port("if", "ok == 1"),
                node("TickEater").port("count", 5))).build(bb, context());
        assertThat(tree.tickExactlyOnce()).isEqualTo(RUNNING);
        bb.set("ok", 0L);
        assertThat(tree.tickExactlyOnce()).isEqualTo(FAILURE);
        bb.set("ok", 1L);
        assertThat(tree.tickExactlyOnce()).as("the payload starts over").isEqualTo(RUNNING);
        assertThat(SUCCESS).isNotNull();
    }
}

package io.canopy.bt;

import static io.canopy.bt.TreeBuilder.fallback;
import static io.canopy.bt.TreeBuilder.node;
import static io.canopy.bt.TreeBuilder.sequence;
import static io.canopy.bt.TreeBuilder.subTree;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.InputException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class TreeBuilderTest {
    private final Trees trees = new Trees();

    @Test
    void lambdaLeavesPortsAndConditionsRunLikeXml() {
        AtomicInteger battery = new AtomicInteger(50);
        AtomicInteger beeps = new AtomicInteger();
        Tree tree = new TreeBuilder(trees.registry)
                .condition("BatteryOk", () -> battery.get() > 20)
                .action("Beep", () -> {
                    beeps.incrementAndGet();
                    return Status.SUCCESS;
                })
                .tree("Main", fallback(
                        sequence(node("BatteryOk"),
                                node("Repeat").port("num_cycles", 3).child(node("Beep"))),
                        node("Script").port("code", "low := true")))
                .build(trees.blackboard, new TreeContext(trees.timers, 0));
        assertThat(tree.tickOnce()).isEqualTo(Status.SUCCESS);
        assertThat(beeps.get()).isEqualTo(3);
        battery.set(10);
        assertThat(tree.tickOnce()).isEqualTo(Status.SUCCESS);
        assertThat(trees.blackboard.find("low").booleanValue()).isTrue();
        assertThat(beeps.get()).isEqualTo(3);
    }

    @Test
    void subtreesAndHooksWorkInTheBuilder() {
        Tree tree = new TreeBuilder(trees.registry)
                .tree("Main", sequence(subTree("Child").port("out", "{result}"),
                        node("AlwaysSuccess").attribute("_skipIf", "result == 2").attribute("_onSuccess", "ran := 1")))
                .tree("Child", node("Script").port("code", "out := 2"))
                .build(trees.blackboard, new TreeContext(trees.timers, 0));
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.SUCCESS);
        assertThat(trees.blackboard.find("result").longValue()).isEqualTo(2);
        assertThat(trees.blackboard.find("ran").hasValue()).isFalse();
    }

    @Test
    void mistakesAreReportedWithTheNode() {
        TreeBuilder b = new TreeBuilder(trees.registry).tree("Main", node("Repeat").port("num_cycles", "x")
                .child(node("AlwaysSuccess")));
        assertThatThrownBy(() -> b.build(trees.blackboard, new TreeContext(trees.timers, 0)))
                .isInstanceOf(InputException.class).hasMessageContaining("<Repeat>").hasMessageContaining("\"x\"");
    }
}

package io.canopy.bt.decorator;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.bt.Blackboard;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Status;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.bt.load.XmlTreeLoader;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.ManualNanoClock;
import java.util.ArrayDeque;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoopTest {
    private final Blackboard bb = Blackboard.create();

    private Tree load(String body) {
        return new XmlTreeLoader(NodeRegistry.withBuiltins()).loadText(
                "<root BTCPP_format=\"4\"><BehaviorTree ID=\"M\">" + body + "</BehaviorTree></root>", bb,
                new TreeContext(new DeadlineTimerQueue(new ManualNanoClock()), 0));
    }

    @Test
    void aDequeInTheBlackboardIsConsumedInPlace() {
        ArrayDeque<Object> queue = new ArrayDeque<>(List.of(1L, 2L, 3L));
        bb.entry("q").setObject(queue);
        bb.set("sum", 0L);
        Tree tree = load("<LoopInt queue=\"{q}\" value=\"{v}\"><Script code=\"sum += v\"/></LoopInt>");
        while (tree.tickExactlyOnce() == Status.RUNNING) {
            // one value per tick
        }
        assertThat(bb.find("sum").longValue()).isEqualTo(6);
        assertThat(queue).isEmpty();
    }

    @Test
    void aLiteralQueueStartsOverOnEveryRunAndIfEmptyIsReturnedWhenDone() {
        bb.set("n", 0L);
        Tree tree = load("<LoopString queue=\"a;b\" value=\"{s}\" if_empty=\"FAILURE\"><Script code=\"n += 1\"/>"
                + "</LoopString>");
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.RUNNING);
        assertThat(bb.find("s").stringValue()).isEqualTo("a");
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.RUNNING);
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.FAILURE);
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.RUNNING);
        assertThat(bb.find("s").stringValue()).isEqualTo("a");
        assertThat(bb.find("n").longValue()).isEqualTo(3);
    }

    @Test
    void aStringEntryIsConvertedOnTheFirstReadOnly() {
        bb.set("q", "1.5;2.5");
        bb.set("sum", 0.0);
        Tree tree = load("<LoopDouble queue=\"{q}\" value=\"{v}\"><Script code=\"sum += v\"/></LoopDouble>");
        for (int i = 0; i < 6; i++) {
            tree.tickExactlyOnce();
        }
        assertThat(bb.find("sum").doubleValue()).isEqualTo(4.0);
    }
}

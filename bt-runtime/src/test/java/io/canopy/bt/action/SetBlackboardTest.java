package io.canopy.bt.action;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.bt.Blackboard;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Status;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.bt.load.XmlTreeLoader;
import io.canopy.expr.ValueKind;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.ManualNanoClock;
import org.junit.jupiter.api.Test;

class SetBlackboardTest {
    private final Blackboard bb = Blackboard.create();

    private Tree load(String body) {
        return new XmlTreeLoader(NodeRegistry.withBuiltins()).loadText(
                "<root BTCPP_format=\"4\"><BehaviorTree ID=\"M\">" + body + "</BehaviorTree></root>", bb,
                new TreeContext(new DeadlineTimerQueue(new ManualNanoClock()), 0));
    }

    @Test
    void aLiteralIsStoredAsAStringAndAKeyCopiesTheTypedValue() {
        bb.set("src", 7L);
        Tree tree = load("<Sequence><SetBlackboard output_key=\"a\" value=\"42\"/>"
                + "<SetBlackboard output_key=\"b\" value=\"{src}\"/></Sequence>");
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.SUCCESS);
        assertThat(bb.find("a").kind()).isEqualTo(ValueKind.STRING);
        assertThat(bb.find("a").stringValue()).isEqualTo("42");
        assertThat(bb.find("b").kind()).isEqualTo(ValueKind.LONG);
        assertThat(bb.find("b").longValue()).isEqualTo(7);
    }

    @Test
    void anUnwrittenSourceFailsAndUnsetOfAMissingKeySucceeds() {
        Tree tree = load("<Sequence><UnsetBlackboard key=\"nothing\"/><SetBlackboard output_key=\"a\" value=\"{ghost}\"/>"
                + "</Sequence>");
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.FAILURE);
        assertThat(bb.find("a").hasValue()).isFalse();
    }
}

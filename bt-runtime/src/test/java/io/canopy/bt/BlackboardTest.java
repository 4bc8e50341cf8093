package io.canopy.bt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.InputException;
import io.canopy.expr.ValueKind;
import org.junit.jupiter.api.Test;

class BlackboardTest {
    @Test
    void anEntryKeepsTheTypeOfItsFirstValue() {
        Blackboard bb = Blackboard.create();
        bb.set("n", 3L);
        bb.set("n", 4.0);
        assertThat(bb.find("n").kind()).isEqualTo(ValueKind.LONG);
        assertThat(bb.find("n").longValue()).isEqualTo(4);
        assertThatThrownBy(() -> bb.set("n", 4.5)).isInstanceOf(InputException.class)
                .hasMessageContaining("'n' holds an integer");
        assertThatThrownBy(() -> bb.set("n", "four")).hasMessageContaining("cannot store \"four\"");
        bb.set("n", "12");
        assertThat(bb.find("n").longValue()).isEqualTo(12);
    }

    @Test
    void writesIncrementTheSequenceAndUnsetEmptiesTheEntry() {
        Blackboard bb = Blackboard.create();
        Entry e = bb.entry("s");
        assertThat(e.sequence()).isZero();
        bb.set("s", "a");
        bb.set("s", "a");
        assertThat(e.sequence()).isEqualTo(2);
        bb.unset("s");
        assertThat(e.hasValue()).isFalse();
        bb.set("s", true);
        assertThat(e.kind()).isEqualTo(ValueKind.BOOLEAN);
    }

    @Test
    void subtreeBlackboardsRemapAutoremapAndReachTheRootWithAt() {
        Blackboard root = Blackboard.create();
        root.set("speed", 1.5);
        Blackboard explicit = root.child(false);
        explicit.addRemapping("v", "speed");
        assertThat(explicit.entry("v")).isSameAs(root.find("speed"));
        assertThat(explicit.find("speed")).isNull();
        explicit.entry("local").setLong(1);
        assertThat(root.find("local")).isNull();

        Blackboard auto = root.child(true);
        auto.entry("shared").setLong(2);
        auto.entry("_private").setLong(3);
        assertThat(root.find("shared").longValue()).isEqualTo(2);
        assertThat(root.find("_private")).isNull();

        Blackboard deep = auto.child(false);
        deep.entry("@top").setObject("x");
        assertThat(root.find("top").stringValue()).isEqualTo("x");
    }

    @Test
    void aTypedPortRefusesAnEntryOfAnotherTypeButAcceptsAString() {
        Blackboard bb = Blackboard.create();
        bb.set("n", 1L);
        bb.set("s", "5");
        assertThatThrownBy(() -> bb.entry("n", ValueKind.STRING)).isInstanceOf(InputException.class);
        assertThat(bb.entry("s", ValueKind.LONG).longValue()).isEqualTo(5);
    }
}

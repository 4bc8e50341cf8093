package io.canopy.bt.scoping;

import static io.canopy.bt.Status.FAILURE;
import static io.canopy.bt.Status.RUNNING;
import static io.canopy.bt.Status.SUCCESS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.canopy.InputException;
import io.canopy.bt.Tree;
import io.canopy.bt.catalog.SeedTrees;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScopingNodesTest {
    private final SeedTrees t = new SeedTrees();

    @Test
    void mapRunsTheChildOncePerItemWithTheItemBound() {
        t.blackboard.entry("sum").setDouble(0);
        Tree tree = t.load("<Map items=\"1.5;2;4\" item=\"{x}\" index=\"{i}\">"
                + "<Update code=\"sum += x * (i + 1)\"/></Map>");
        assertThat(tree.tickOnce()).isEqualTo(SUCCESS);
        assertThat(t.blackboard.entry("sum").doubleValue()).isEqualTo(1.5 + 4 + 12);
    }

    @Test
    void mapOverABlackboardListStopsAtTheFirstFailure() {
        t.blackboard.entry("wps").setObject(List.of(1L, 5L, 2L));
        Tree tree = t.load("<Map items=\"{wps}\" item=\"{wp}\"><Sequence><Update code=\"last := wp\"/>"
                + "<Predicate if=\"wp &lt; 4\"/></Sequence></Map>");
        assertThat(SeedTrees.tick(tree, 2)).containsExactly(RUNNING, FAILURE);
        assertThat(t.blackboard.entry("last").longValue()).isEqualTo(5);
        assertThat(t.blackboard.entry("wp").hasValue()).as("the item is unbound after the Map").isFalse();
    }

    @Test
    void bindScopesVariablesToItsSubtree() {
        t.blackboard.set("x", 1L);
        t.leaf("Work", RUNNING, SUCCESS);
        Tree tree = t.load("<Sequence><Bind let=\"x := 10; y := x * 2\">"
                + "<Sequence><Update code=\"seen := x + y\"/><Work/></Sequence></Bind>"
                + "<Update code=\"after := x\"/></Sequence>");
        assertThat(tree.tickExactlyOnce()).isEqualTo(RUNNING);
        assertThat(t.blackboard.entry("x").longValue()).isEqualTo(10);
        assertThat(tree.tickExactlyOnce()).isEqualTo(SUCCESS);
        assertThat(t.blackboard.entry("seen").doubleValue()).isEqualTo(30);
        assertThat(t.blackboard.entry("after").longValue()).as("restored after the subtree").isEqualTo(1);
        assertThat(t.blackboard.entry("y").hasValue()).as("unbound after the subtree").isFalse();
    }

    @Test
    void bindRestoresOnHaltToo() {
        t.leaf("Work", RUNNING);
        Tree tree = t.load("<Bind let=\"x := 3\"><Work/></Bind>");
        tree.tickExactlyOnce();
        assertThat(t.blackboard.entry("x").longValue()).isEqualTo(3);
        tree.haltTree();
        assertThat(t.blackboard.entry("x").hasValue()).isFalse();
        assertThatThrownBy(() -> t.load("<Bind let=\"x = 3\"><Work/></Bind>"))
                .isInstanceOf(InputException.class).hasMessageContaining("name := expression");
    }
}

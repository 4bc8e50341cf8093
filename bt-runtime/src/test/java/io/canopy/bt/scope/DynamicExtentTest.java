package io.canopy.bt.scope;

import static io.canopy.bt.Status.FAILURE;
import static io.canopy.bt.Status.RUNNING;
import static io.canopy.bt.Status.SUCCESS;
import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.bt.Tree;
import io.canopy.bt.catalog.SeedTrees;
import io.canopy.bt.event.TreeEvents;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * cark: "The dynamic extent stores the transient vars that were bound by nodes like :bind"; :map binds each
 * item to a var, :on-event binds the event argument to a var. A var is visible to the subtree only while it
 * runs; afterwards (completion or halt) the previous value, or its absence, is back.
 */
class DynamicExtentTest {
    private final SeedTrees t = new SeedTrees();

    @Test
    void mapBindsTheItemOnlyWhileItsChildRunsAndRestoresThePreviousValue() {
        t.blackboard.set("x", "outer");
        t.blackboard.entry("seen").setObject("");
        Tree tree = t.load("<Sequence><Map items=\"a;b\" item=\"{x}\" index=\"{i}\">"
                + "<Update code=\"seen := seen + x\"/></Map><Update code=\"after := x\"/></Sequence>");
        assertThat(tree.tickOnce()).isEqualTo(SUCCESS);
        assertThat(t.blackboard.entry("seen").stringValue()).isEqualTo("ab");
        assertThat(t.blackboard.entry("after").stringValue()).isEqualTo("outer");
        assertThat(t.blackboard.entry("x").stringValue()).isEqualTo("outer");
        assertThat(t.blackboard.entry("i").hasValue()).as("index had no value before: absent again").isFalse();
    }

    @Test
    void mapRestoresItsBindingWhenAReactiveFallbackAboveHaltsIt() {
        t.blackboard.set("x", 7L);
        t.leaf("Stop", FAILURE, SUCCESS).leaf("Work", RUNNING);
        Tree tree = t.load("<ReactiveFallback><Stop/><Map items=\"1;2\" item=\"{x}\"><Work/></Map></ReactiveFallback>");
        assertThat(tree.tickExactlyOnce()).isEqualTo(RUNNING);
        assertThat(t.blackboard.entry("x").longValue()).as("bound while the child runs").isEqualTo(1);
        assertThat(tree.tickExactlyOnce()).isEqualTo(SUCCESS);
        assertThat(t.halts("Work")).isEqualTo(1);
        assertThat(t.blackboard.entry("x").longValue()).as("previous value back after the halt").isEqualTo(7);
    }

    @Test
    void mapItemsKeepTheirTypes() {
        for (String items : List.of("10;20;30", "[10, 20, 30]")) {
            SeedTrees s = new SeedTrees();
            s.blackboard.set("xs", items);
            s.blackboard.set("sum", 0L);
            Tree tree = s.load("<Map items=\"{xs}\" item=\"{x}\"><Update code=\"sum := sum + x\"/></Map>");
            assertThat(tree.tickOnce()).isEqualTo(SUCCESS);
            assertThat(s.blackboard.entry("sum").doubleValue()).as(items).isEqualTo(60);
        }
        t.blackboard.entry("xs").setObject(List.of(10L, 2.5, 1L));
        t.blackboard.set("sum", 0.0);
        Tree tree = t.load("<Map items=\"{xs}\" item=\"{x}\"><Fallback><Predicate if=\"x == 1\"/>"
                + "<Update code=\"sum := sum + x\"/></Fallback></Map>");
        assertThat(tree.tickOnce()).isEqualTo(SUCCESS);
        assertThat(t.blackboard.entry("sum").doubleValue()).as("10 + 2.5, the 1 skipped").isEqualTo(12.5);
    }

    @Test
    void onEventBindsTheEventArgumentOnlyForItsChildsRun() {
        t.blackboard.set("v", -1.0);
        t.leaf("Work", RUNNING, SUCCESS);
        Tree tree = t.load("<Sequence><OnEvent event=\"go\" wait=\"true\" value=\"{v}\" payload=\"{p}\">"
                + "<Sequence><Update code=\"got := v\"/><Work/></Sequence></OnEvent>"
                + "<Update code=\"after := v\"/></Sequence>");
        TreeEvents.of(tree.context()).deliver("go", 5, "dock", 0L);
        assertThat(tree.tickExactlyOnce()).isEqualTo(RUNNING);
        assertThat(t.blackboard.entry("v").doubleValue()).isEqualTo(5);
        assertThat(t.blackboard.entry("p").stringValue()).isEqualTo("dock");
        assertThat(tree.tickExactlyOnce()).isEqualTo(SUCCESS);
        assertThat(t.blackboard.entry("got").doubleValue()).isEqualTo(5);
        assertThat(t.blackboard.entry("after").doubleValue()).isEqualTo(-1);
        assertThat(t.blackboard.entry("p").hasValue()).isFalse();
    }

    @Test
    void onEventRestoresItsBindingWhenHaltedWhileTheChildRuns() {
        t.leaf("Stop", FAILURE, SUCCESS).leaf("Work", RUNNING);
        Tree tree = t.load("<ReactiveFallback><Stop/><OnEvent event=\"go\" value=\"{v}\"><Work/></OnEvent>"
                + "</ReactiveFallback>");
        TreeEvents.of(tree.context()).deliver("go", 3);
        assertThat(tree.tickExactlyOnce()).isEqualTo(RUNNING);
        assertThat(t.blackboard.entry("v").doubleValue()).isEqualTo(3);
        assertThat(tree.tickExactlyOnce()).isEqualTo(SUCCESS);
        assertThat(t.halts("Work")).isEqualTo(1);
        assertThat(t.blackboard.entry("v").hasValue()).as("absent before the event: absent again").isFalse();
    }

    @Test
    void nestedBindingsOfOneNameShadowAndUnwindInOrder() {
        t.blackboard.set("x", 1L);
        t.leaf("Stop", FAILURE, FAILURE, SUCCESS).leaf("Work", RUNNING);
        Tree tree = t.load("<ReactiveFallback><Stop/><Bind let=\"x := 2\"><Sequence><Update code=\"mid := x\"/>"
                + "<Map items=\"3\" item=\"{x}\"><Sequence><Update code=\"in := x\"/><Work/></Sequence></Map>"
                + "</Sequence></Bind></ReactiveFallback>");
        SeedTrees.tick(tree, 2);
        assertThat(t.blackboard.entry("mid").longValue()).isEqualTo(2);
        assertThat(t.blackboard.entry("in").longValue()).isEqualTo(3);
        assertThat(t.blackboard.entry("x").longValue()).isEqualTo(3);
        assertThat(tree.tickExactlyOnce()).isEqualTo(SUCCESS);
        assertThat(t.blackboard.entry("x").longValue()).as("both bindings unwound").isEqualTo(1);
    }
}

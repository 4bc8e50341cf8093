package io.canopy.bt.guards;

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

class GuardNodesTest {
    private final SeedTrees t = new SeedTrees();

    @Test
    void guardRerunsItsPredicateEveryTickAndHaltsThePayloadWhenItFails() {
        t.leaf("Ok", SUCCESS, SUCCESS, FAILURE).leaf("Work", RUNNING);
        Tree tree = t.load("<Guard><Ok/><Work/></Guard>");
        assertThat(SeedTrees.tick(tree, 3)).containsExactly(RUNNING, RUNNING, FAILURE);
        assertThat(t.ticks("Ok")).isEqualTo(3);
        assertThat(t.ticks("Work")).isEqualTo(2);
        assertThat(t.halts("Work")).isEqualTo(1);
        assertThat(t.trace).containsExactly("Ok:SUCCESS", "Work:RUNNING", "Ok:SUCCESS", "Work:RUNNING",
                "Ok:FAILURE", "Work:HALT");
    }

    @Test
    void aGuardPredicateThatRunsIsAnError() {
        t.leaf("Slow", RUNNING).leaf("Work", SUCCESS);
        Tree tree = t.load("<Guard><Slow/><Work/></Guard>");
        assertThatThrownBy(tree::tickExactlyOnce).hasMessageContaining("must succeed or fail in one tick");
        assertThat(t.halts("Slow")).isEqualTo(1);
    }

    @Test
    void guardSelectorRunsTheFirstHoldingGuardAndInterruptsTheOther() {
        t.blackboard.set("danger", 0L);
        t.leaf("Flee", RUNNING).leaf("Patrol", RUNNING);
        Tree tree = t.load("<GuardSelector>"
                + "<Guard><Predicate if=\"danger == 1\"/><Flee/></Guard>"
                + "<Guard><Predicate if=\"true\"/><Patrol/></Guard></GuardSelector>");
        assertThat(SeedTrees.tick(tree, 2)).containsExactly(RUNNING, RUNNING);
        t.blackboard.set("danger", 1L);
        assertThat(tree.tickExactlyOnce()).isEqualTo(RUNNING);
        assertThat(t.trace).containsExactly("Patrol:RUNNING", "Patrol:RUNNING", "Patrol:HALT", "Flee:RUNNING");
    }

    @Test
    void guardSelectorFailsWhenNoPredicateHoldsAndRefusesOtherChildren() {
        t.leaf("A", RUNNING);
        Tree tree = t.load("<GuardSelector><Guard><Predicate if=\"false\"/><A/></Guard></GuardSelector>");
        assertThat(tree.tickExactlyOnce()).isEqualTo(FAILURE);
        Tree bad = t.load("<GuardSelector><A/></GuardSelector>");
        assertThatThrownBy(bad::tickExactlyOnce).hasMessageContaining("only Guard children");
    }

    @Test
    void onCancelRunsItsCancelChildOnlyWhenThePayloadIsInterrupted() {
        t.blackboard.set("stop", 0L);
        t.leaf("UseSocket", RUNNING, RUNNING, SUCCESS).leaf("Release", SUCCESS);
        Tree tree = t.load("<ReactiveSequence><Predicate if=\"stop == 0\"/>"
                + "<OnCancel><Release/><UseSocket/></OnCancel></ReactiveSequence>");
        assertThat(tree.tickExactlyOnce()).isEqualTo(RUNNING);
        t.blackboard.set("stop", 1L);
        assertThat(tree.tickExactlyOnce()).isEqualTo(FAILURE);
        assertThat(t.trace).containsExactly("UseSocket:RUNNING", "UseSocket:HALT", "Release:SUCCESS");
        t.blackboard.set("stop", 0L);
        assertThat(SeedTrees.tick(tree, 2)).containsExactly(RUNNING, SUCCESS);
        assertThat(t.ticks("Release")).as("a normal completion is not a cancel").isEqualTo(1);
    }

    @Test
    void predicateWithWaitRunsUntilTheConditionHolds() {
        t.blackboard.set("battery", 10L);
        Tree tree = t.load("<Predicate if=\"battery &gt; 50\" wait=\"true\"/>");
        assertThat(tree.tickExactlyOnce()).isEqualTo(RUNNING);
        t.blackboard.set("battery", 80L);
        assertThat(tree.tickExactlyOnce()).isEqualTo(SUCCESS);
        Tree noWait = t.load("<Predicate if=\"battery &gt; 90\"/>");
        assertThat(noWait.tickExactlyOnce()).isEqualTo(FAILURE);
    }
}

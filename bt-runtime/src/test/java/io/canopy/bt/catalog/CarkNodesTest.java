package io.canopy.bt.catalog;

import io.canopy.bt.functions.*;
import io.canopy.bt.learning.*;
import io.canopy.bt.guards.*;
import io.canopy.bt.scope.*;
import io.canopy.bt.repetition.*;
import io.canopy.bt.timing.*;
import io.canopy.bt.concurrency.*;
import io.canopy.bt.diagnostics.*;
import io.canopy.bt.probability.*;
import io.canopy.bt.outcome.*;
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

class CarkNodesTest {
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
    void parallelPolicyChecksEveryChildBeforeThePolicy() {
        t.leaf("A", SUCCESS).leaf("B", RUNNING, FAILURE).leaf("C", RUNNING, RUNNING, SUCCESS);
        Tree tree = t.load("<ParallelPolicy success=\"2\" failure=\"2\"><A/><B/><C/></ParallelPolicy>");
        assertThat(SeedTrees.tick(tree, 3)).containsExactly(RUNNING, RUNNING, SUCCESS);
        assertThat(t.ticks("A")).as("a completed child is not rerun").isEqualTo(1);
        assertThat(t.ticks("B")).isEqualTo(2);
    }

    @Test
    void parallelPolicySequenceFailsOnAnyFailureAndHaltsTheRest() {
        t.leaf("A", FAILURE).leaf("B", RUNNING);
        Tree tree = t.load("<ParallelPolicy policy=\"SEQUENCE\"><B/><A/></ParallelPolicy>");
        assertThat(tree.tickExactlyOnce()).isEqualTo(FAILURE);
        assertThat(t.halts("B")).isEqualTo(1);
    }

    @Test
    void parallelPolicySelectSucceedsOnAnySuccessAndFailsWhenAllFail() {
        t.leaf("A", FAILURE).leaf("B", RUNNING, FAILURE);
        Tree tree = t.load("<ParallelPolicy policy=\"SELECT\"><A/><B/></ParallelPolicy>");
        assertThat(SeedTrees.tick(tree, 2)).containsExactly(RUNNING, FAILURE);
    }

    @Test
    void rerunChildrenRefreshesCompletedChildrenWhileRunning() {
        t.leaf("Tick", SUCCESS).leaf("Wait", RUNNING, RUNNING, SUCCESS);
        Tree tree = t.load("<ParallelPolicy success=\"every\" rerun_children=\"true\"><Tick/><Wait/></ParallelPolicy>");
        assertThat(SeedTrees.tick(tree, 3)).containsExactly(RUNNING, RUNNING, SUCCESS);
        assertThat(t.ticks("Tick")).isEqualTo(3);
    }

    @Test
    void parallelPolicyRejectsABadThreshold() {
        t.leaf("A", SUCCESS);
        assertThatThrownBy(() -> t.load("<ParallelPolicy success=\"most\"><A/></ParallelPolicy>"))
                .isInstanceOf(InputException.class).hasMessageContaining("port 'success'")
                .hasMessageContaining("ParallelPolicy");
    }

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
    void tickEaterRunsForCountTicks() {
        Tree tree = t.load("<TickEater count=\"2\"/>");
        assertThat(SeedTrees.tick(tree, 4)).containsExactly(RUNNING, RUNNING, SUCCESS, RUNNING);
    }

    @Test
    void aFreeTimerCountsFromItsStart() {
        Tree tree = t.load("<Timer msec=\"100\"/>");
        assertThat(tree.tickExactlyOnce()).isEqualTo(RUNNING);
        t.advanceMs(60);
        assertThat(tree.tickExactlyOnce()).isEqualTo(RUNNING);
        t.advanceMs(40);
        assertThat(tree.tickExactlyOnce()).isEqualTo(SUCCESS);
    }

    @Test
    void namedTimersCountFromThePreviousCompletionSoJitterDoesNotAddUp() {
        // three 100 ms steps ticked every 30 ms: free timers restart at the tick that saw the previous one
        // end (120, 240, 360 ms); named ones at the previous deadline (done at 300 ms)
        String steps = "<Sequence><Timer msec=\"100\" timer=\"step\"/><Timer msec=\"100\" timer=\"step\"/>"
                + "<Timer msec=\"100\" timer=\"step\"/></Sequence>";
        assertThat(msUntilSuccess(t, t.load(steps))).isEqualTo(300);
        assertThat(t.blackboard.entry("_timer.step").longValue()).isEqualTo(300_000_000L);
        SeedTrees f = new SeedTrees();
        assertThat(msUntilSuccess(f, f.load(steps.replace(" timer=\"step\"", "")))).isEqualTo(360);
    }

    private static long msUntilSuccess(SeedTrees s, Tree tree) {
        long start = s.clock.nanoTime();
        for (int k = 0; k < 100; k++) {
            if (tree.tickExactlyOnce() == SUCCESS) {
                return (s.clock.nanoTime() - start) / 1_000_000L;
            }
            s.advanceMs(30);
        }
        return -1;
    }

    @Test
    void untilSuccessAndUntilFailureRerunTheirChild() {
        t.leaf("Try", FAILURE, FAILURE, SUCCESS).leaf("Hold", SUCCESS, RUNNING, FAILURE);
        Tree a = t.load("<UntilSuccess><Try/></UntilSuccess>");
        assertThat(SeedTrees.tick(a, 3)).containsExactly(RUNNING, RUNNING, SUCCESS);
        Tree b = t.load("<UntilFailure><Hold/></UntilFailure>");
        assertThat(SeedTrees.tick(b, 3)).containsExactly(RUNNING, RUNNING, SUCCESS);
        assertThat(t.ticks("Hold")).isEqualTo(3);
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

    @Test
    void repeatWhileRepeatsWhateverTheChildReturnsWhileTheConditionHolds() {
        t.blackboard.set("n", 0L);
        Tree tree = t.load("<RepeatWhile while=\"n &lt; 3\"><Sequence><Update code=\"n += 1\"/>"
                + "<Fail/></Sequence></RepeatWhile>");
        assertThat(tree.tickOnce()).isEqualTo(SUCCESS);
        assertThat(t.blackboard.entry("n").doubleValue()).isEqualTo(3);
        t.leaf("A", SUCCESS);
        Tree counted = t.load("<RepeatWhile count=\"2\"><A/></RepeatWhile>");
        assertThat(SeedTrees.tick(counted, 2)).containsExactly(RUNNING, SUCCESS);
        assertThatThrownBy(() -> t.load("<RepeatWhile><A/></RepeatWhile>")).isInstanceOf(InputException.class)
                .hasMessageContaining("repeats forever");
    }

    @Test
    void traceLogsTheSubtreeHierarchically() {
        Logger log = (Logger) org.slf4j.LoggerFactory.getLogger("io.canopy.bt.trace");
        ListAppender<ILoggingEvent> appender = new ListAppender<>();
        appender.start();
        log.addAppender(appender);
        Level old = log.getLevel();
        log.setLevel(Level.DEBUG);
        try {
            t.leaf("A", RUNNING);
            Tree tree = t.load("<Trace name=\"t\"><Sequence><Succeed/><A/></Sequence></Trace>");
            tree.tickExactlyOnce();
            assertThat(appender.list).hasSize(1);
            assertThat(appender.list.get(0).getFormattedMessage()).isEqualTo(
                    "trace 't' tick 1: RUNNING\n  Sequence: RUNNING\n    Succeed: IDLE\n    A: RUNNING");
        } finally {
            log.setLevel(old);
            log.detachAppender(appender);
        }
    }
}

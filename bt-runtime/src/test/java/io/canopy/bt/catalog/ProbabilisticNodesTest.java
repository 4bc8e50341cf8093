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

import io.canopy.InputException;
import io.canopy.bt.Status;
import io.canopy.bt.Tree;
import io.canopy.bt.catalog.SeedTrees;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ProbabilisticNodesTest {
    private final SeedTrees t = new SeedTrees();

    private static final String MIX = "<Sequence>"
            + "<Always><SelectP p=\"40\"><A/><B/><C/></SelectP></Always>"
            + "<Always><Maybe p=\"50\"><A/></Maybe></Always>"
            + "<Either p=\"30\"><B/><C/></Either>"
            + "<Always><RandomChoice><A/><B/><C/></RandomChoice></Always>"
            + "<Always><RandomEach><A/><B/><C/></RandomEach></Always></Sequence>";

    private static List<String> run(long seed) {
        SeedTrees s = new SeedTrees().seed(seed);
        s.leaf("A", SUCCESS).leaf("B", FAILURE, SUCCESS).leaf("C", SUCCESS);
        Tree tree = s.load(MIX);
        SeedTrees.tick(tree, 50);
        return s.trace;
    }

    @Test
    void theSameSeedGivesTheSameRunAndAnotherSeedAnotherRun() {
        List<String> a = run(42);
        assertThat(a).hasSizeGreaterThan(100);
        assertThat(run(42)).isEqualTo(a);
        assertThat(run(43)).isNotEqualTo(a);
    }

    @Test
    void selectPExecutesEachChildOnlyWithItsProbabilityAndFailsWhenNoneRan() {
        t.leaf("A", FAILURE);
        Tree tree = t.load("<SelectP p=\"25\"><A/><A/></SelectP>");
        int runs = 4000;
        for (int i = 0; i < runs; i++) {
            assertThat(tree.tickExactlyOnce()).isEqualTo(FAILURE);
        }
        // each of the 2 children executes with 25 %: 2000 executions expected, sd ~27
        assertThat(t.ticks("A")).isBetween(1850, 2150);
    }

    @Test
    void selectPSucceedsAtTheFirstExecutedChildThatSucceeds() {
        t.leaf("A", SUCCESS).leaf("B", SUCCESS);
        Tree tree = t.load("<SelectP p=\"100\"><A/><B/></SelectP>");
        assertThat(tree.tickExactlyOnce()).isEqualTo(SUCCESS);
        assertThat(t.trace).containsExactly("A:SUCCESS");
    }

    @Test
    void loopExecutesCountTimesAndFailsWithItsChild() {
        t.leaf("A", SUCCESS, SUCCESS, SUCCESS, FAILURE);
        Tree tree = t.load("<LoopCount count=\"3\"><A/></LoopCount>");
        assertThat(tree.tickOnce()).isEqualTo(SUCCESS);
        assertThat(t.ticks("A")).isEqualTo(3);
        assertThat(tree.tickOnce()).isEqualTo(FAILURE);
        assertThat(t.ticks("A")).isEqualTo(4);
    }

    @Test
    void loopUntilSucceedsAtTheFirstSuccessAndFailsAfterItsAttempts() {
        t.leaf("A", FAILURE, SUCCESS).leaf("B", FAILURE);
        assertThat(t.load("<LoopUntil attempts=\"3\"><A/></LoopUntil>").tickOnce()).isEqualTo(SUCCESS);
        assertThat(t.ticks("A")).isEqualTo(2);
        assertThat(t.load("<LoopUntil attempts=\"3\"><B/></LoopUntil>").tickOnce()).isEqualTo(FAILURE);
        assertThat(t.ticks("B")).isEqualTo(3);
    }

    @Test
    void maybeFailsWithoutTickingWhenTheDrawFails() {
        t.leaf("A", SUCCESS);
        Tree tree = t.load("<Maybe p=\"30\"><A/></Maybe>");
        int success = 0;
        for (int i = 0; i < 2000; i++) {
            if (tree.tickExactlyOnce() == SUCCESS) {
                success++;
            }
        }
        assertThat(success).isEqualTo(t.ticks("A")).isBetween(520, 680);
    }

    @Test
    void eitherPicksTheFirstChildWithProbabilityP() {
        t.leaf("A", SUCCESS).leaf("B", FAILURE);
        Tree tree = t.load("<Either p=\"75\"><A/><B/></Either>");
        for (int i = 0; i < 2000; i++) {
            tree.tickExactlyOnce();
        }
        assertThat(t.ticks("A") + t.ticks("B")).isEqualTo(2000);
        assertThat(t.ticks("A")).isBetween(1420, 1580);
    }

    @Test
    void aRunningChosenChildIsResumedWithoutANewDraw() {
        t.leaf("A", RUNNING, RUNNING, SUCCESS).leaf("B", RUNNING, RUNNING, SUCCESS);
        Tree tree = t.load("<RandomChoice><A/><B/></RandomChoice>");
        assertThat(SeedTrees.tick(tree, 3)).containsExactly(RUNNING, RUNNING, SUCCESS);
        assertThat(t.ticks("A") + t.ticks("B")).isEqualTo(3);
        assertThat(t.ticks("A") * t.ticks("B")).as("one child only").isZero();
    }

    @Test
    void randomEachRunsEveryChildOnceBeforeAnyRepeats() {
        t.leaf("A", SUCCESS).leaf("B", SUCCESS).leaf("C", SUCCESS).leaf("D", SUCCESS);
        Tree tree = t.load("<RandomEach><A/><B/><C/><D/></RandomEach>");
        SeedTrees.tick(tree, 40);
        Set<List<String>> rounds = new HashSet<>();
        for (int r = 0; r < 10; r++) {
            List<String> round = t.trace.subList(r * 4, r * 4 + 4);
            assertThat(new HashSet<>(round)).as("round " + r).hasSize(4);
            rounds.add(List.copyOf(round));
        }
        assertThat(rounds.size()).as("rounds are reshuffled").isGreaterThan(1);
    }

    @Test
    void alwaysNeverSucceedAndFailIgnoreResults() {
        t.leaf("A", FAILURE, RUNNING, SUCCESS);
        assertThat(SeedTrees.tick(t.load("<Always><A/></Always>"), 3)).containsExactly(SUCCESS, RUNNING, SUCCESS);
        t.leaf("B", SUCCESS);
        assertThat(t.load("<Never><B/></Never>").tickExactlyOnce()).isEqualTo(FAILURE);
        assertThat(t.load("<Succeed/>").tickExactlyOnce()).isEqualTo(SUCCESS);
        assertThat(t.load("<Fail/>").tickExactlyOnce()).isEqualTo(Status.FAILURE);
    }

    @Test
    void probabilitiesAndCountsAreValidatedAtLoadTime() {
        t.leaf("A", SUCCESS);
        assertThatThrownBy(() -> t.load("<Maybe p=\"0.5\"><A/></Maybe>")).isInstanceOf(InputException.class)
                .hasMessageContaining("Maybe").hasMessageContaining("port 'p'");
        assertThatThrownBy(() -> t.load("<Maybe p=\"150\"><A/></Maybe>")).isInstanceOf(InputException.class)
                .hasMessageContaining("percentage from 1 to 100");
        assertThatThrownBy(() -> t.load("<LoopCount count=\"0\"><A/></LoopCount>"))
                .isInstanceOf(InputException.class).hasMessageContaining("positive");
        assertThatThrownBy(() -> t.load("<Either p=\"50\"><A/></Either>")).isInstanceOf(InputException.class);
    }
}

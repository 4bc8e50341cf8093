package io.canopy.bt.composites;

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

class ParallelPolicyTest {
    private final SeedTrees t = new SeedTrees();

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
}

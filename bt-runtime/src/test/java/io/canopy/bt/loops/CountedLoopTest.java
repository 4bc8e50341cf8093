package io.canopy.bt.loops;

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

class CountedLoopTest {
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
}

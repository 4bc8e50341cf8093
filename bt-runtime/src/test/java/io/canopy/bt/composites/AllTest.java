package io.canopy.bt.composites;

import static io.canopy.bt.Status.FAILURE;
import static io.canopy.bt.Status.RUNNING;
import static io.canopy.bt.Status.SUCCESS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.canopy.bt.Status;
import io.canopy.bt.Tree;
import io.canopy.bt.catalog.SeedTrees;
import org.junit.jupiter.api.Test;

class AllTest {
    private final SeedTrees t = new SeedTrees();

    @Test
    void allRunsEveryChildWhateverTheyReturnAndSucceeds() {
        t.leaf("A", FAILURE).leaf("B", RUNNING, SUCCESS).leaf("C", FAILURE);
        Tree tree = t.load("<All><A/><B/><C/></All>");
        assertThat(SeedTrees.tick(tree, 2)).containsExactly(RUNNING, SUCCESS);
        assertThat(t.trace).containsExactly("A:FAILURE", "B:RUNNING", "B:SUCCESS", "C:FAILURE");
    }
}

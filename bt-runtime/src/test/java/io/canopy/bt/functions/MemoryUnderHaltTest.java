package io.canopy.bt.functions;

import static io.canopy.bt.Status.FAILURE;
import static io.canopy.bt.Status.RUNNING;
import static io.canopy.bt.Status.SUCCESS;
import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.bt.Status;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.bt.catalog.SeedTrees;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.ManualNanoClock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * luabt: sequence* and selector* "remember the state of their children for the next tick when a child
 * returns running"; the states are reset only once the node is about to return its result. A halt from a
 * ReactiveFallback above is not a result: the position survives it.
 */
class MemoryUnderHaltTest {
    private final SeedTrees t = new SeedTrees();

    @Test
    void sequenceStarResumesAtTheRunningChildAfterAReactiveFallbackHaltedIt() {
        t.leaf("Cond", FAILURE, SUCCESS, FAILURE).leaf("A", SUCCESS).leaf("B", RUNNING, SUCCESS)
                .leaf("C", SUCCESS);
        Tree tree = t.load("<ReactiveFallback><Cond/><SequenceStar><A/><B/><C/></SequenceStar></ReactiveFallback>");
        assertThat(SeedTrees.tick(tree, 3)).containsExactly(RUNNING, SUCCESS, SUCCESS);
        assertThat(t.trace).containsExactly("Cond:FAILURE", "A:SUCCESS", "B:RUNNING",
                "Cond:SUCCESS", "B:HALT",
                "Cond:FAILURE", "B:SUCCESS", "C:SUCCESS");
        assertThat(t.ticks("A")).as("A is not re-run after the halt").isEqualTo(1);
    }

    @Test
    void btcppSequenceForgetsOnHaltForContrast() {
        t.leaf("Cond", FAILURE, SUCCESS, FAILURE).leaf("A", SUCCESS).leaf("B", RUNNING);
        Tree tree = t.load("<ReactiveFallback><Cond/><Sequence><A/><B/></Sequence></ReactiveFallback>");
        SeedTrees.tick(tree, 3);
        assertThat(t.ticks("A")).isEqualTo(2);
    }

    @Test
    void aCompletionEndsTheMemory() {
        t.leaf("A", SUCCESS, FAILURE, SUCCESS).leaf("B", RUNNING, FAILURE, SUCCESS);
        Tree tree = t.load("<SequenceStar><A/><B/></SequenceStar>");
        assertThat(SeedTrees.tick(tree, 3)).containsExactly(RUNNING, FAILURE, FAILURE);
        assertThat(t.trace).containsExactly("A:SUCCESS", "B:RUNNING", "B:FAILURE", "A:FAILURE");
    }

    @Test
    void selectorStarResumesAtTheRunningChildAfterAHaltAndResetsOnSuccess() {
        t.leaf("Cond", FAILURE, SUCCESS, FAILURE, FAILURE).leaf("A", FAILURE).leaf("B", RUNNING, SUCCESS, FAILURE);
        Tree tree = t.load("<ReactiveFallback><Cond/><SelectorStar><A/><B/></SelectorStar></ReactiveFallback>");
        assertThat(SeedTrees.tick(tree, 4)).containsExactly(RUNNING, SUCCESS, SUCCESS, FAILURE);
        assertThat(t.trace).containsExactly("Cond:FAILURE", "A:FAILURE", "B:RUNNING",
                "Cond:SUCCESS", "B:HALT",
                "Cond:FAILURE", "B:SUCCESS",
                "Cond:FAILURE", "A:FAILURE", "B:FAILURE");
    }

    @Test
    void luabtLambdasKeepTheirClosuresAndTheSequenceStarItsPlace() {
        List<String> log = new ArrayList<>();
        boolean[] interrupt = {false};
        int[] step = {0};
        Tree tree = LuaBt.create(LuaBt.selector(
                () -> interrupt[0] ? Status.SUCCESS : Status.FAILURE,
                LuaBt.sequenceStar(
                        () -> { log.add("first"); return Status.SUCCESS; },
                        () -> { log.add("step" + step[0]); return ++step[0] < 3 ? Status.RUNNING : Status.SUCCESS; })),
                new TreeContext(new DeadlineTimerQueue(new ManualNanoClock()), 0L));
        assertThat(tree.tickExactlyOnce()).isEqualTo(RUNNING);
        interrupt[0] = true;
        assertThat(tree.tickExactlyOnce()).isEqualTo(SUCCESS);
        interrupt[0] = false;
        assertThat(tree.tickExactlyOnce()).isEqualTo(RUNNING);
        assertThat(tree.tickExactlyOnce()).isEqualTo(SUCCESS);
        assertThat(log).containsExactly("first", "step0", "step1", "step2");
    }
}

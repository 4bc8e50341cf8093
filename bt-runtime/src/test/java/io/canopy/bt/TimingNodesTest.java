package io.canopy.bt;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Delay, Timeout and Sleep on the manual clock with the real timer queue. */
class TimingNodesTest {
    private final Trees trees = new Trees();

    @Test
    void timeoutHaltsTheRunningChildAtExpiryBetweenTicks() {
        HaltingTest.LOG.clear();
        trees.registry.register(HaltingTest.Worker.TYPE);
        Tree tree = trees.load(Trees.tree("<Timeout msec=\"100\"><Worker name=\"w\"/></Timeout>"));
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.RUNNING);
        trees.advanceMs(99);
        assertThat(HaltingTest.LOG).containsExactly("w.start");
        trees.advanceMs(1);
        assertThat(HaltingTest.LOG).containsExactly("w.start", "w.halted");
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.FAILURE);
        assertThat(HaltingTest.LOG).containsExactly("w.start", "w.halted");
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.RUNNING);
    }

    @Test
    void delayTicksTheChildOnlyAfterTheDelayAndWakesTheTreeUp() {
        trees.blackboard.set("n", 0L);
        Tree tree = trees.load(Trees.tree("<Delay delay_msec=\"50\"><Script code=\"n += 1\"/></Delay>"));
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.RUNNING);
        trees.advanceMs(49);
        assertThat(tree.tickOnce()).isEqualTo(Status.RUNNING);
        trees.advanceMs(1);
        assertThat(tree.context().consumeWakeUp()).isTrue();
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.SUCCESS);
        assertThat(trees.blackboard.find("n").longValue()).isEqualTo(1);
    }

    @Test
    void sleepIsRunningUntilItsTimerFires() {
        Tree tree = trees.load(Trees.tree("<Sleep msec=\"20\"/>"));
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.RUNNING);
        trees.advanceMs(19);
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.RUNNING);
        trees.advanceMs(1);
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.SUCCESS);
        assertThat(trees.timers.isEmpty()).isTrue();
    }
}

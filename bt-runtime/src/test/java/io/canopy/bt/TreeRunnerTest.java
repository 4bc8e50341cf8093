package io.canopy.bt;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class TreeRunnerTest {
    private final Trees trees = new Trees();

    @Test
    void aThrowingLeafHaltsTheTreeReportsTreeNodeAndMessageAndTheNextTickRestarts() {
        AtomicBoolean fail = new AtomicBoolean(true);
        HaltingTest.LOG.clear();
        trees.registry.register(HaltingTest.Worker.TYPE);
        trees.registry.registerAction("Flaky", () -> {
            if (fail.get()) {
                throw new IllegalStateException("sensor offline");
            }
            return Status.SUCCESS;
        });
        Tree tree = trees.load(Trees.tree("<Parallel><Worker name=\"w\"/><Flaky name=\"probe\"/></Parallel>"));
        List<String> errors = new ArrayList<>();
        TreeRunner runner = new TreeRunner(tree, TreeRunner.WhenDone.RESTART,
                (id, node, message) -> errors.add(id + "/" + node + ": " + message));
        runner.onTick(0);
        runner.onTick(1);
        assertThat(errors).containsExactly("Main/probe: sensor offline", "Main/probe: sensor offline");
        assertThat(HaltingTest.LOG).containsExactly("w.start", "w.halted", "w.start", "w.halted");
        assertThat(runner.errors()).isEqualTo(2);
        assertThat(runner.isStopped()).isFalse();
        fail.set(false);
        runner.onTick(2);
        assertThat(runner.lastStatus()).isEqualTo(Status.RUNNING);
    }

    @Test
    void stopModeStopsAfterTheFirstCompletedRun() {
        trees.blackboard.set("n", 0L);
        Tree tree = trees.load(Trees.tree("<Script code=\"n += 1\"/>"));
        TreeRunner runner = new TreeRunner(tree, TreeRunner.WhenDone.STOP, null);
        runner.onTick(0);
        runner.onTick(1);
        assertThat(runner.isStopped()).isTrue();
        assertThat(trees.blackboard.find("n").longValue()).isEqualTo(1);

        TreeRunner again = new TreeRunner(tree, TreeRunner.WhenDone.RESTART, null);
        again.onTick(2);
        again.onTick(3);
        assertThat(trees.blackboard.find("n").longValue()).isEqualTo(3);
    }
}

package io.canopy.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.badlogic.gdx.ai.btree.BehaviorTree;
import com.badlogic.gdx.ai.btree.Task;
import io.canopy.bt.Status;
import io.canopy.bt.Tree;
import io.canopy.bt.bench.BenchLeaves;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.commons.scxml.SCXMLExecutor;
import org.apache.commons.scxml.TriggerEvent;
import org.apache.commons.scxml.model.TransitionTarget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The gdx-ai and Commons SCXML forms do the same work as Canopy's, step for step (so the ratios compare like with like). */
class SameShapesTest {
    @ParameterizedTest
    @ValueSource(strings = {"flat-seq-1000", "fallback-deep", "reactive-running", "blackboard-heavy"})
    void gdxAiStepTicksTheSameLeavesAndNodesWithTheSameResult(String name) {
        // the guard form of reactive-running has one task more than Canopy's: the DynamicGuardSelector
        sameWork(name, GdxAiTrees.load(name), name.equals("reactive-running") ? 1 : 0);
    }

    @Test
    void gdxAiReactiveBranchStepTicksExactlyCanopysNodes() {
        sameWork("reactive-running", GdxAiTrees.loadWithReactiveBranch("reactive-running"), 0);
    }

    private static void sameWork(String name, BehaviorTree<GdxAiTrees.Board> gdx, long extraTasks) {
        Tree canopy = BenchTrees.loadCanopy(name);
        long[] canopyNodes = canopy.countNodeTicks();
        long[] gdxNodes = new long[1];
        gdx.addListener(new BehaviorTree.Listener<>() {
            @Override
            public void statusUpdated(Task<GdxAiTrees.Board> task, Task.Status previousStatus) {
                if (!(task instanceof BehaviorTree)) {
                    gdxNodes[0]++; // every task that ran this step reports its status once
                }
            }

            @Override
            public void childAdded(Task<GdxAiTrees.Board> task, int index) {}
        });
        for (int step = 0; step < 3; step++) {
            BenchLeaves.reset();
            canopyNodes[0] = 0;
            Status status = canopy.tickExactlyOnce();
            GdxAiTrees.leafTicks = 0;
            gdxNodes[0] = 0;
            gdx.step();
            String at = name + " step " + step;
            assertThat(GdxAiTrees.leafTicks).as(at + " leaves").isEqualTo(BenchLeaves.leafTicks()).isPositive();
            assertThat(gdxNodes[0]).as(at + " tasks").isEqualTo(canopyNodes[0] + extraTasks);
            Task.Status expected = switch (status) {
                case SUCCESS -> Task.Status.SUCCEEDED;
                case FAILURE -> Task.Status.FAILED;
                default -> Task.Status.RUNNING;
            };
            assertThat(gdx.getChild(0).getStatus()).as(at + " root").isEqualTo(expected);
        }
    }

    @Test
    void theCountsAreTheOnesTheTreesReadmeStates() {
        long[][] expected = {{1001, 1000}, {1664, 0}, {12, 11}, {201, 200}};
        String[] names = {"flat-seq-1000", "fallback-deep", "reactive-running", "blackboard-heavy"};
        for (int i = 0; i < names.length; i++) {
            Tree canopy = BenchTrees.loadCanopy(names[i]);
            long[] nodes = canopy.countNodeTicks();
            canopy.tickExactlyOnce();
            nodes[0] = 0;
            BenchLeaves.reset();
            canopy.tickExactlyOnce();
            assertThat(nodes[0]).as(names[i]).isEqualTo(expected[i][0]);
            if (expected[i][1] > 0) {
                assertThat(BenchLeaves.leafTicks()).as(names[i]).isEqualTo(expected[i][1]);
            }
        }
    }

    @Test
    void gdxAiReactiveFormReChecksEveryConditionWhileTheActionKeepsRunning() {
        BehaviorTree<GdxAiTrees.Board> gdx = GdxAiTrees.load("reactive-running");
        Task<GdxAiTrees.Board> selector = gdx.getChild(0);
        Task<GdxAiTrees.Board> act = selector.getChild(0);
        assertThat(act.getGuard().getChildCount()).isEqualTo(10);
        for (int step = 0; step < 4; step++) {
            GdxAiTrees.leafTicks = 0;
            gdx.step();
            assertThat(GdxAiTrees.leafTicks).isEqualTo(11); // 10 conditions, then the action
            assertThat(act.getStatus()).isEqualTo(Task.Status.RUNNING);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"flat-seq-1000", "fallback-deep", "reactive-running", "blackboard-heavy"})
    void gdxAiStepsAllocateNothingOnTheTickingThread(String name) {
        BehaviorTree<GdxAiTrees.Board> gdx = GdxAiTrees.load(name);
        com.sun.management.ThreadMXBean mx =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        for (int i = 0; i < 1_000; i++) {
            gdx.step();
        }
        long before = mx.getThreadAllocatedBytes(tid);
        for (int i = 0; i < 10_000; i++) {
            gdx.step();
        }
        long allocated = mx.getThreadAllocatedBytes(tid) - before;
        assertThat(allocated).as(name + ": bytes over 10,000 steps").isLessThan(1_000);
    }

    @Test
    void gdxAiBlackboardHeavyWritesEveryOutput() {
        BehaviorTree<GdxAiTrees.Board> gdx = GdxAiTrees.load("blackboard-heavy");
        gdx.getObject().target = 7;
        gdx.step();
        assertThat(gdx.getObject().out).hasSize(200).containsOnly(8L);
    }
    @Test
    void commonsScxmlMachinesMoveLikeCanopys() {
        SCXMLExecutor toggle = CommonsScxmlMachines.start("toggle");
        assertThat(states(toggle)).containsExactly("off");
        CommonsScxmlMachines.fire(toggle, new TriggerEvent("flip", TriggerEvent.SIGNAL_EVENT));
        assertThat(states(toggle)).containsExactly("on");

        SCXMLExecutor h = CommonsScxmlMachines.start("hierarchical");
        assertThat(states(h)).containsExactly("a11");
        CommonsScxmlMachines.fire(h, new TriggerEvent("next", TriggerEvent.SIGNAL_EVENT));
        CommonsScxmlMachines.fire(h, new TriggerEvent("next", TriggerEvent.SIGNAL_EVENT));
        CommonsScxmlMachines.fire(h, new TriggerEvent("next", TriggerEvent.SIGNAL_EVENT));
        assertThat(states(h)).containsExactly("b11");
        CommonsScxmlMachines.fire(h, new TriggerEvent("up", TriggerEvent.SIGNAL_EVENT));
        assertThat(states(h)).containsExactly("a11");

        SCXMLExecutor g = CommonsScxmlMachines.start("guarded-counter");
        for (int i = 0; i < 4; i++) {
            CommonsScxmlMachines.fire(g, new TriggerEvent("flip", TriggerEvent.SIGNAL_EVENT));
        }
        assertThat(states(g)).containsExactly("off");
        assertThat(((Number) g.getRootContext().get("n")).intValue()).isEqualTo(2);
    }

    private static Set<String> states(SCXMLExecutor exec) {
        @SuppressWarnings("unchecked")
        Set<TransitionTarget> states = exec.getCurrentStatus().getStates();
        return states.stream().map(TransitionTarget::getId).collect(Collectors.toSet());
    }
}

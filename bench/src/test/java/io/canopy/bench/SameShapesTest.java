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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The gdx-ai and Commons SCXML forms do the same work as Canopy's, step for step (so the ratios compare like with like). */
class SameShapesTest {
    @ParameterizedTest
    @ValueSource(strings = {"flat-seq-1000", "fallback-deep", "reactive-running"})
    void gdxAiTicksTheSameLeavesWithTheSameResult(String name) {
        Tree canopy = BenchTrees.loadCanopy(name);
        BehaviorTree<Object> gdx = GdxAiTrees.load(BenchTrees.file(name));
        for (int step = 0; step < 3; step++) {
            BenchLeaves.reset();
            Status status = canopy.tickExactlyOnce();
            long canopyLeaves = BenchLeaves.leafTicks();
            GdxAiTrees.leafTicks = 0;
            gdx.step();
            assertThat(GdxAiTrees.leafTicks).as(name + " step " + step).isEqualTo(canopyLeaves).isPositive();
            Task.Status expected = switch (status) {
                case SUCCESS -> Task.Status.SUCCEEDED;
                case FAILURE -> Task.Status.FAILED;
                default -> Task.Status.RUNNING;
            };
            assertThat(gdx.getChild(0).getStatus()).isEqualTo(expected);
        }
    }

    @Test
    void blackboardHeavyHasNoGdxAiForm() {
        assertThatThrownBy(() -> GdxAiTrees.load(BenchTrees.file("blackboard-heavy")))
                .hasMessageContaining("no ports");
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

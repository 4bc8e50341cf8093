package io.canopy.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.bt.Status;
import io.canopy.bt.Tree;
import io.canopy.bt.bench.BenchLeaves;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.commons.scxml.SCXMLExecutor;
import org.apache.commons.scxml.TriggerEvent;
import org.apache.commons.scxml.model.TransitionTarget;
import org.junit.jupiter.api.Test;

/** The Commons SCXML forms do the same work as Canopy's, step for step (so the ratios compare like with like). */
class SameShapesTest {
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

package io.canopy.launch.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.canopy.InputException;
import io.canopy.bt.NodeRegistry;
import io.canopy.launch.LaunchLoader;
import io.canopy.launch.plan.NodePlan;
import io.canopy.tick.ManualNanoClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code <param>} blocks reach the tree's blackboard and the machine's datamodel before the first tick. */
class LaunchParamsTest {
    @TempDir
    Path dir;

    private NodePlan plan(String machineParams) throws Exception {
        Files.writeString(dir.resolve("t.xml"), "<root BTCPP_format=\"4\" main_tree_to_execute=\"Main\">\n"
                + "  <BehaviorTree ID=\"Main\"><AlwaysSuccess/></BehaviorTree>\n</root>\n");
        Files.writeString(dir.resolve("m.scxml"), """
                <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="a" datamodel="ecmascript">
                  <datamodel><data id="limit" expr="5"/><data id="mode" expr="'auto'"/></datamodel>
                  <state id="a"><transition event="go" cond="limit == 20 &amp;&amp; mode == 'manual'" target="b"/></state>
                  <state id="b"/>
                </scxml>
                """);
        Path f = Files.writeString(dir.resolve("p.launch.xml"), """
                <launch>
                  <node name="n">
                    <timer name="control" hz="10"/>
                    <mqtt port="0"/>
                    <tree file="t.xml"><param name="speed" value="0.4"/><param name="laps" value="3"/><param name="goal" value="dock"/></tree>
                    <statemachine file="m.scxml">%s</statemachine>
                  </node>
                </launch>
                """.formatted(machineParams));
        return LaunchLoader.load(f, Map.of()).nodes().get(0);
    }

    @Test
    void treeParamsAreTypedBlackboardEntriesAndMachineParamsDatamodelValues() throws Exception {
        NodeRuntime n = NodeRuntime.build(plan("<param name=\"limit\" value=\"20\"/><param name=\"mode\" value=\"manual\"/>"),
                new ManualNanoClock(), NodeRegistry.withBuiltins(), NodeTap.NONE);
        try {
            n.applyParams();
            assertThat(n.view().blackboard().find("speed").doubleValue()).isEqualTo(0.4);
            assertThat(n.view().blackboard().find("laps").longValue()).isEqualTo(3);
            assertThat(n.view().blackboard().find("goal").stringValue()).isEqualTo("dock");
            MachineSlot m = n.view().machineSlots().get(0);
            assertThat(m.machine().data("limit").objectValue()).isEqualTo(20L);
            // the machine's condition sees both parameters
            m.machine().fire("go", null);
            assertThat(m.machine().isActive("b")).isTrue();
        } finally {
            n.shutdown(100_000_000L);
        }
    }

    @Test
    void aParamTheMachineDoesNotDeclareIsOneLineNamingIt() throws Exception {
        NodeRuntime n = NodeRuntime.build(plan("<param name=\"limt\" value=\"1\"/>"), new ManualNanoClock(),
                NodeRegistry.withBuiltins(), NodeTap.NONE);
        try {
            InputException e = catchThrowableOfType(() -> n.applyParams(), InputException.class);
            assertThat(e.getMessage()).contains("p.launch.xml:6:").contains("<param name=\"limt\">: machine 'm' (m.scxml) has no"
                    + " <data id=\"limt\">; declare it in its <datamodel>, or remove the parameter");
        } finally {
            n.shutdown(100_000_000L);
        }
    }
}

package io.canopy.bt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.bt.load.Palette;
import io.canopy.bt.load.XmlTreeLoader;
import io.canopy.bt.scenario.Scenario;
import io.canopy.bt.scenario.ScenarioRunner;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.ManualNanoClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code <enum>} in palettes and tree files, and enums plugins register: scripts, numeric ports, errors. */
class PaletteEnumsTest {
    @TempDir
    Path dir;

    enum Mode { IDLE, DRIVE, DOCK }

    private static TreeContext context() {
        return new TreeContext(new DeadlineTimerQueue(new ManualNanoClock()), 0);
    }

    @Test
    void theTutorialScriptingTreeRunsWithItsEnumsDeclaredInAPalette() {
        Path file = Path.of("src/test/resources/bt/corpus/btcpp/scenarios/t09_scripting.yaml");
        for (Scenario s : ScenarioRunner.load(file)) {
            assertThat(new ScenarioRunner().run(s).line()).isEqualTo("PASS " + s.id());
        }
    }

    @Test
    void enumValuesInScriptsAndInNumericPortLiterals() {
        String xml = """
                <root BTCPP_format="4">
                  <TreeNodesModel><enum name="Count" values="ONE=1,TWO,THREE"/></TreeNodesModel>
                  <BehaviorTree ID="M">
                    <Sequence>
                      <Repeat num_cycles="THREE"><Script code="n += 1"/></Repeat>
                      <Script code="ok := n == THREE"/>
                    </Sequence>
                  </BehaviorTree>
                </root>
                """;
        Blackboard bb = Blackboard.create();
        bb.entry("n").setLong(0);
        Tree t = new XmlTreeLoader(NodeRegistry.withBuiltins()).loadText(xml, bb, context());
        Status s = Status.RUNNING;
        for (int i = 0; i < 10 && s == Status.RUNNING; i++) {
            s = t.tickExactlyOnce(); // Repeat yields between cycles
        }
        assertThat(s).isEqualTo(Status.SUCCESS);
        assertThat(bb.find("n").doubleValue()).isEqualTo(3);
        assertThat(bb.find("ok").doubleValue()).as("n == THREE").isEqualTo(1);
    }

    @Test
    void aPortTypedByAnEnumTakesItsValuesAndRefusesOthersWithTheirPlace() throws IOException {
        Path palette = Files.writeString(dir.resolve("p.xml"), """
                <root BTCPP_format="4"><TreeNodesModel>
                  <enum name="Color" values="RED,GREEN,BLUE"/>
                  <Action ID="Paint"><input_port name="color" type="Color"/></Action>
                </TreeNodesModel></root>
                """);
        Path good = Files.writeString(dir.resolve("good.xml"), "<root BTCPP_format=\"4\"><BehaviorTree ID=\"M\">"
                + "<Sequence><Paint color=\"GREEN\"/><Paint color=\"2\"/></Sequence></BehaviorTree></root>");
        assertThat(new XmlTreeLoader(NodeRegistry.withBuiltins()).withPalette(palette).withStandIns(Map.of()).check(good))
                .isEmpty();
        Path bad = Files.writeString(dir.resolve("bad.xml"), "<root BTCPP_format=\"4\"><BehaviorTree ID=\"M\">\n"
                + "<Sequence><Paint color=\"GREN\"/><Paint color=\"PURPLE\"/></Sequence></BehaviorTree></root>");
        List<String> errors = new XmlTreeLoader(NodeRegistry.withBuiltins()).withPalette(palette).withStandIns(Map.of())
                .check(bad);
        assertThat(errors).containsExactly(
                bad + ":2:18: <Paint>: port 'color': 'GREN' is not a value of enum Color (declared at " + palette
                        + ":2:47) (did you mean 'GREEN'?); its values are RED, GREEN, BLUE",
                bad + ":2:39: <Paint>: port 'color': 'PURPLE' is not a value of enum Color (declared at " + palette
                        + ":2:47); its values are RED, GREEN, BLUE");
    }

    @Test
    void aDuplicateEnumAndABadEnumAreOneLineEachWithTheirPlace() throws IOException {
        Path palette = Files.writeString(dir.resolve("p.xml"), """
                <root BTCPP_format="4"><TreeNodesModel>
                  <enum name="Color" values="RED,GREEN"/>
                  <enum name="Size" values="S=one"/>
                </TreeNodesModel></root>
                """);
        Path tree = Files.writeString(dir.resolve("t.xml"), """
                <root BTCPP_format="4">
                  <TreeNodesModel><enum name="Color" values="RED,BLUE"/></TreeNodesModel>
                  <BehaviorTree ID="M"><Script code="c := RED"/></BehaviorTree>
                </root>
                """);
        List<String> errors = new XmlTreeLoader(NodeRegistry.withBuiltins()).withPalette(palette).check(tree);
        assertThat(errors).anyMatch(e -> e.startsWith(tree + ":2:57: enum 'Color' is already declared at " + palette
                + ":2:42 with other values (RED=0,GREEN=1)"));
        assertThat(Palette.read(palette).errors()).singleElement().asString().startsWith(palette + ":3:")
                .endsWith("<enum name=\"Size\">: values: 'one' (value of S) is not a whole number;"
                        + " write values=\"RED=1,GREEN=2\" or values=\"RED,GREEN\"");
    }

    @Test
    void anEnumAPluginRegistersIsSeenByScripts() {
        NodeRegistry registry = NodeRegistry.withBuiltins().registerScriptingEnum(Mode.class, "plugin demo");
        Blackboard bb = Blackboard.create();
        Tree t = new XmlTreeLoader(registry).loadText("<root BTCPP_format=\"4\"><BehaviorTree ID=\"M\"><Sequence>"
                + "<Script code=\"mode := DOCK\"/><ScriptCondition code=\"mode == 2 &amp;&amp; mode != IDLE\"/>"
                + "</Sequence></BehaviorTree></root>", bb, context());
        assertThat(t.tickExactlyOnce()).isEqualTo(Status.SUCCESS);
        assertThat(bb.find("mode").doubleValue()).isEqualTo(2);
        assertThatThrownBy(() -> registry.registerScriptingEnum(OtherMode.class, "plugin other"))
                .hasMessageContaining("value 'IDLE' of enum 'OtherMode' is 1 but value 'IDLE' of enum 'Mode' (declared at plugin demo) is 0");
    }

    enum OtherMode { OFF, IDLE }
}

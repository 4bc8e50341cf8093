package io.canopy.launch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code <enum name values>} in a launch file's {@code <node>}: its values are scripting constants of its trees. */
class LaunchEnumCliTest {
    @TempDir
    Path dir;

    @Test
    void aNodesEnumIsSeenByItsTreesAndABadOneIsOneLine() throws IOException {
        Files.writeString(dir.resolve("tree.xml"), """
                <root BTCPP_format="4"><BehaviorTree ID="Main">
                  <Sequence><Script code="mode := DOCK"/><Repeat num_cycles="DOCK"><ScriptCondition code="mode == 2"/></Repeat></Sequence>
                </BehaviorTree></root>
                """);
        Path good = Files.writeString(dir.resolve("good.launch.xml"), """
                <launch><node name="n"><timer name="control" hz="10"/>
                  <enum name="Mode" values="IDLE,DRIVE,DOCK"/>
                  <tree file="tree.xml"/></node></launch>
                """);
        Object[] ok = ValidateCommandTest.run("validate", good.toString());
        assertThat(ok[0]).as("stderr: %s", ok[2]).isEqualTo(0);

        Path without = Files.writeString(dir.resolve("without.launch.xml"), """
                <launch><node name="n"><timer name="control" hz="10"/><tree file="tree.xml"/></node></launch>
                """);
        Object[] refused = ValidateCommandTest.run("validate", without.toString());
        assertThat(refused[0]).as("DOCK means nothing without the enum").isEqualTo(2);
        assertThat((String) refused[2]).contains("num_cycles", "DOCK");

        Path bad = Files.writeString(dir.resolve("bad.launch.xml"), """
                <launch><node name="n"><timer name="control" hz="10"/>
                  <enum name="Mode" values="IDLE,DRIVE=x"/>
                  <tree file="tree.xml"/></node></launch>
                """);
        Object[] r = ValidateCommandTest.run("validate", bad.toString());
        assertThat(r[0]).isEqualTo(2);
        assertThat((String) r[2]).contains("bad.launch.xml:2:", "<enum>", "attribute 'values': 'x' (value of DRIVE) is"
                + " not a whole number").doesNotContain("\tat ");
    }
}

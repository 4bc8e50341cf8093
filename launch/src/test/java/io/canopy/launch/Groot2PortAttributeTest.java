package io.canopy.launch;

import static io.canopy.launch.LaunchFiles.launch;
import static io.canopy.launch.LaunchFiles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.plan.TreePlan;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code <tree groot2_port="...">}: that tree is served to Groot2 on that port (and the next). */
class Groot2PortAttributeTest {
    @TempDir
    Path dir;

    @Test
    void theAttributeIsReadAndZeroWhenAbsent() {
        write(dir, "trees/patrol.xml", LaunchFiles.TREE);
        Path f = write(dir, "r.launch.xml", launch("""
                  <node name="n">
                    <timer name="control" hz="50"/>
                    <tree name="a" file="trees/patrol.xml" groot2_port="1700"/>
                    <tree name="b" file="trees/patrol.xml"/>
                  </node>
                """));
        LaunchPlan plan = LaunchLoader.load(f, Map.of(), k -> null);
        assertThat(plan.nodes().get(0).trees()).extracting(TreePlan::groot2Port).containsExactly(1700, 0);
    }

    @Test
    void aBadPortNamesTheFileTheAttributeAndTheRange() {
        write(dir, "trees/patrol.xml", LaunchFiles.TREE);
        Path f = write(dir, "r.launch.xml", launch("""
                  <node name="n">
                    <timer name="control" hz="50"/>
                    <tree name="a" file="trees/patrol.xml" groot2_port="70000"/>
                  </node>
                """));
        LaunchException e = catchThrowableOfType(LaunchException.class, () -> LaunchLoader.load(f, Map.of(), k -> null));
        assertThat(e.errors()).singleElement().asString().contains("r.launch.xml:").contains("groot2_port")
                .contains("70000").contains("from 1 to 65000");
    }
}

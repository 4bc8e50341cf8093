package io.canopy.launch;

import static io.canopy.launch.LaunchFiles.launch;
import static io.canopy.launch.LaunchFiles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.launch.plan.DeployPlan;
import io.canopy.launch.plan.NodePlan;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code <deploy/>}: read into the node's plan (which trees, the rollback window), bad values refused at once. */
class DeployElementTest {
    @TempDir
    Path dir;

    @BeforeEach
    void tree() {
        write(dir, "t.xml", LaunchFiles.TREE);
    }

    private Path file(String deploy) {
        return write(dir, "d.launch.xml", launch("""
                  <node name="n">
                    %s
                    <timer name="control" hz="50"/>
                    <tree name="work" file="t.xml" timer="control"/>
                  </node>
                """.formatted(deploy)));
    }

    @Test
    void theElementSaysWhichTreesMayBeReplacedAndForHowLongAFailsafeRollsBack() {
        NodePlan n = LaunchLoader.load(file("<deploy only=\"work\" rollback_window_s=\"10\"/>"), Map.of()).nodes().get(0);
        assertThat(n.deploy().enabled()).isTrue();
        assertThat(n.deploy().only()).containsExactly("work");
        assertThat(n.deploy().rollbackWindowMs()).isEqualTo(10_000);
        assertThat(n.deploy().allows("work")).isTrue();
        assertThat(n.deploy().allows("other")).isFalse();

        NodePlan all = LaunchLoader.load(file("<deploy/>"), Map.of()).nodes().get(0);
        assertThat(all.deploy().only()).isEmpty();
        assertThat(all.deploy().rollbackWindowMs()).isEqualTo(DeployPlan.DEFAULT_ROLLBACK_WINDOW_MS);
        assertThat(all.deploy().allows("work")).isTrue();
    }

    @Test
    void withoutTheElementTheNodeTakesNoDeploys() {
        NodePlan n = LaunchLoader.load(file(""), Map.of()).nodes().get(0);
        assertThat(n.deploy()).isSameAs(DeployPlan.NONE);
        assertThat(n.deploy().allows("work")).isFalse();
    }

    @Test
    void everyBadValueIsReportedAtOnceWithItsPlaceAndAFix() {
        Path f = file("""
                <deploy only="work,wrok" rollback_window_s="-1" when="now"/>
                    <deploy/>""");
        assertThatThrownBy(() -> LaunchLoader.load(f, Map.of()))
                .isInstanceOf(LaunchException.class)
                .satisfies(e -> {
                    String m = e.getMessage();
                    assertThat(m).contains("d.launch.xml:4:").contains("<deploy>");
                    assertThat(m).contains("attribute 'only': no tree or statemachine named 'wrok' in this node")
                            .contains("did you mean 'work'");
                    assertThat(m).contains("attribute 'rollback_window_s': -1 is out of range; write seconds from 0 to 86400");
                    assertThat(m).contains("when");
                    assertThat(m).contains("d.launch.xml:5:").contains("a second <deploy> in this node");
                });
    }
}

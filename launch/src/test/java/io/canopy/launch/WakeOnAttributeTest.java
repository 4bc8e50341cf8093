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

/** {@code <tree wake_on="serial:LINK/Type" wake_min_interval="...">}: read, defaulted, and every mistake named. */
class WakeOnAttributeTest {
    @TempDir
    Path dir;

    private Path file(String treeAttributes) {
        write(dir, "trees/patrol.xml", LaunchFiles.TREE);
        return write(dir, "w.launch.xml", launch("""
                  <node name="n">
                    <timer name="control" hz="50"/>
                    <serial name="base" port="sim:diffdrive"/>
                    <tree name="a" file="trees/patrol.xml" %s/>
                    <tree name="b" file="trees/patrol.xml"/>
                  </node>
                """.formatted(treeAttributes)));
    }

    @Test
    void theMessagesAndTheLeastIntervalAreReadAndAbsentMeansNoWakeUp() {
        LaunchPlan plan = LaunchLoader.load(file("wake_on=\"serial:base/RangeReading, serial:base/Imu\" wake_min_interval=\"2ms\""),
                Map.of(), k -> null);
        TreePlan a = plan.nodes().get(0).trees().get(0);
        TreePlan b = plan.nodes().get(0).trees().get(1);
        assertThat(a.wakeOn()).containsExactly("base/RangeReading", "base/Imu");
        assertThat(a.wakeMinIntervalNs()).isEqualTo(2_000_000L);
        assertThat(b.wakeOn()).isEmpty();
        assertThat(b.wakeMinIntervalNs()).isEqualTo(TreePlan.DEFAULT_WAKE_MIN_INTERVAL_NS);
    }

    @Test
    void everyMistakeIsReportedWithTheFileTheAttributeAndTheFix() {
        Path f = file("wake_on=\"serial:bsae/RangeReading, serial:base/RangeReadin, mqtt:cmd/go\" wake_min_interval=\"fast\"");
        LaunchException e = catchThrowableOfType(LaunchException.class, () -> LaunchLoader.load(f, Map.of(), k -> null));
        assertThat(e.errors()).hasSize(4);
        assertThat(e.errors()).allSatisfy(line -> assertThat(line).contains("w.launch.xml:"));
        assertThat(String.join("\n", e.errors()))
                .contains("attribute 'wake_on': no <serial> named 'bsae'", "did you mean 'base'")
                .contains("no message type 'RangeReadin'", "RangeReading")
                .contains("\"mqtt:cmd/go\" is not serial:LINK/Type")
                .contains("attribute 'wake_min_interval'", "\"fast\" is not a duration");
    }

    @Test
    void aLeastIntervalWithoutWakeOnIsAnError() {
        Path f = file("wake_min_interval=\"5ms\"");
        LaunchException e = catchThrowableOfType(LaunchException.class, () -> LaunchLoader.load(f, Map.of(), k -> null));
        assertThat(e.errors()).singleElement().asString().contains("wake_min_interval").contains("no wake_on");
    }
}

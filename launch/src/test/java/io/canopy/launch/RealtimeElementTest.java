package io.canopy.launch;

import static io.canopy.launch.LaunchFiles.launch;
import static io.canopy.launch.LaunchFiles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.launch.plan.NodePlan;
import io.canopy.launch.plan.RealtimePlan;
import io.canopy.tick.realtime.IdleMode;
import io.canopy.tick.realtime.RealtimeOptions;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code <realtime>}: read into the node's plan, turned into the tick thread's and the links' options, bad values refused. */
class RealtimeElementTest {
    @TempDir
    Path dir;

    @BeforeEach
    void tree() {
        write(dir, "t.xml", LaunchFiles.TREE);
    }

    private Path file(String realtime) {
        return write(dir, "rt.launch.xml", launch("""
                  <node name="n">
                    %s
                    <timer name="control" hz="50"/>
                    <tree file="t.xml" timer="control"/>
                  </node>
                """.formatted(realtime)));
    }

    @Test
    void theSettingsReachTheTickThreadAndTheLinkThreads() {
        NodePlan n = LaunchLoader.load(file("<realtime fifo=\"50\" cpu=\"1\" timer_slack_ns=\"1\" io_fifo=\"49\"/>"), Map.of())
                .nodes().get(0);
        RealtimeOptions tick = n.realtime().tickThread();
        assertThat(tick.fifoPriority()).isEqualTo(50);
        assertThat(tick.cpu()).isEqualTo(1);
        assertThat(tick.timerSlackNs()).isEqualTo(1);
        RealtimeOptions io = n.realtime().ioThreads();
        assertThat(io.fifoPriority()).isEqualTo(49);
        assertThat(io.cpu()).as("links are not pinned").isEqualTo(-1);
        assertThat(io.timerSlackNs()).isEqualTo(-1);
        assertThat(n.realtime().idle()).as("the default wait").isEqualTo(IdleMode.PARK_THEN_SPIN);
    }

    @Test
    void idleChoosesHowTheTickThreadWaits() {
        assertThat(LaunchLoader.load(file("<realtime idle=\"spin\"/>"), Map.of()).nodes().get(0).realtime().idle())
                .isEqualTo(IdleMode.SPIN);
        assertThat(LaunchLoader.load(file("<realtime idle=\"park\"/>"), Map.of()).nodes().get(0).realtime().idle())
                .isEqualTo(IdleMode.PARK);
    }

    @Test
    void withoutTheElementNothingIsAskedFor() {
        NodePlan n = LaunchLoader.load(file(""), Map.of()).nodes().get(0);
        assertThat(n.realtime()).isSameAs(RealtimePlan.NONE);
        assertThat(n.realtime().tickThread().isNone()).isTrue();
        assertThat(n.realtime().ioThreads().isNone()).isTrue();
    }

    @Test
    void everyBadValueIsReportedAtOnceWithItsPlaceAndAFix() {
        Path f = file("""
                <realtime fifo="120" timer_slack_ns="0" io_fifo="high" cpus="1" idle="busy"/>
                    <realtime fifo="10"/>""");
        assertThatThrownBy(() -> LaunchLoader.load(f, Map.of()))
                .isInstanceOf(LaunchException.class)
                .satisfies(e -> {
                    String m = e.getMessage();
                    assertThat(m).contains("rt.launch.xml:4:").contains("<realtime>");
                    assertThat(m).contains("attribute 'fifo': 120 is out of range; write a SCHED_FIFO priority (0: off) from 0 to 99");
                    assertThat(m).contains("attribute 'timer_slack_ns': 0 means 'the process default' to Linux; write 1");
                    assertThat(m).contains("attribute 'io_fifo': \"high\" is not a whole number");
                    assertThat(m).contains("cpus");
                    assertThat(m).contains("attribute 'idle': \"busy\" is not a way to wait; write park, park-then-spin");
                    assertThat(m).contains("rt.launch.xml:5:").contains("a second <realtime> in this node");
                });
    }
}

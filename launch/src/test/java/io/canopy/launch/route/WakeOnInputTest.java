package io.canopy.launch.route;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.hardware.serial.LinkSink;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.launch.LaunchLoader;
import io.canopy.launch.plan.NodePlan;
import io.canopy.proto.Envelope;
import io.canopy.proto.Imu;
import io.canopy.proto.RangeReading;
import io.canopy.tick.ManualNanoClock;
import io.canopy.tick.TickRate;
import io.canopy.tick.TickTimer;
import io.canopy.tick.Ticker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launch side of {@code wake_on} on the manual clock: the link's sink hands each frame to the roles first,
 * then wakes the tree's timer for a frame of a listed type only, and the ticker runs that tick at once,
 * rate-limited by {@code wake_min_interval}; links no tree wakes on are left as they are.
 */
class WakeOnInputTest {
    private static final long MS = 1_000_000L;

    @TempDir
    Path dir;

    private NodePlan plan() throws Exception {
        Files.writeString(dir.resolve("t.xml"), "<root BTCPP_format=\"4\" main_tree_to_execute=\"Main\">"
                + "<BehaviorTree ID=\"Main\"><AlwaysSuccess/></BehaviorTree></root>");
        Path f = Files.writeString(dir.resolve("w.launch.xml"), """
                <launch>
                  <node name="n">
                    <timer name="control" hz="1"/>
                    <timer name="other" hz="1"/>
                    <serial name="base" port="sim:diffdrive"/>
                    <serial name="arm" port="sim:diffdrive"/>
                    <tree file="t.xml" timer="control" wake_on="serial:base/RangeReading" wake_min_interval="5ms"/>
                    <mqtt port="0"/>
                  </node>
                </launch>
                """);
        return LaunchLoader.load(f, Map.of(), k -> null).nodes().get(0);
    }

    @Test
    void aListedFrameWakesTheTreesTimerAfterTheRolesTookItAndNoOtherFrameDoes() throws Exception {
        ManualNanoClock clock = new ManualNanoClock(0);
        Ticker ticker = new Ticker("n", clock);
        TickTimer control = ticker.addTimer("control", TickRate.hz(1));
        TickTimer other = ticker.addTimer("other", TickRate.hz(1));
        List<String> log = new ArrayList<>();
        control.addListener(now -> log.add("control tick at " + now / MS + " ms"));
        other.addListener(now -> log.add("other tick at " + now / MS + " ms"));
        NodePlan plan = plan();

        UnaryOperator<LinkSink> base = WakeOnInput.forLink(plan, ticker, "base");
        assertThat(WakeOnInput.forLink(plan, ticker, "arm").apply(null)).isNull(); // identity: nothing wraps that link
        assertThat(control.isWakeable()).isTrue();
        assertThat(other.isWakeable()).isFalse();
        LinkSink roles = new LinkSink() {
            @Override
            public void onEnvelope(SerialLink link, Envelope envelope, long receivedNs) {
                ticker.advance(0); // a wake-up requested before the roles took the frame would tick here, first
                log.add("roles took " + envelope.getBodyCase());
            }
        };
        LinkSink sink = base.apply(roles);
        ticker.startDeterministic();

        Envelope range = Envelope.newBuilder().setRangeReading(RangeReading.newBuilder().setRangeM(1)).build();
        Envelope imu = Envelope.newBuilder().setImu(Imu.newBuilder()).build();
        sink.onEnvelope(null, imu, 0);
        ticker.advance(1 * MS);
        assertThat(log).containsExactly("roles took IMU");

        sink.onEnvelope(null, range, 0);
        ticker.advance(0);
        assertThat(log).containsExactly("roles took IMU", "roles took RANGE_READING", "control tick at 1 ms");

        sink.onEnvelope(null, range, 0); // within wake_min_interval of the last tick: at 6 ms
        ticker.advance(4 * MS);
        assertThat(log).hasSize(4).last().isEqualTo("roles took RANGE_READING");
        ticker.advance(1 * MS);
        assertThat(log).hasSize(5).last().isEqualTo("control tick at 6 ms");
        assertThat(control.wakeTicks()).isEqualTo(2);
        assertThat(other.wakeTicks()).isZero();
    }
}

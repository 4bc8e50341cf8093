package io.canopy.launch.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Status;
import io.canopy.launch.LaunchLoader;
import io.canopy.testkit.MavlinkPeer;
import io.canopy.tick.SystemNanoClock;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the node's failsafe does to a MAVLink vehicle, against the node-mavlink vehicle over UDP: a stalled tick
 * in the air stops the streamed setpoint, sends a zero-velocity setpoint and the hold mode (failsafe="hold"), or
 * lands (failsafe="land"); the tree's go-to fails because the vehicle is held. (On the ground it disarms:
 * hardware-io's VehicleOverUdpTest.)
 */
class MavlinkFailsafeTest {
    @TempDir
    Path dir;

    private NodeRuntime fly(String failsafe, int port) throws Exception {
        Files.writeString(dir.resolve("far.xml"), """
                <root BTCPP_format="4" main_tree_to_execute="Far">
                  <BehaviorTree ID="Far"><Sequence>
                    <MavSetMode mode="GUIDED"/>
                    <MavArm/>
                    <MavTakeoff altitude="5"/>
                    <MavGoToLocal x="300" y="0" z="-5"/>
                  </Sequence></BehaviorTree>
                </root>
                """);
        Path launch = Files.writeString(dir.resolve("far.launch.xml"), """
                <launch>
                  <arg name="udp"/>
                  <arg name="failsafe"/>
                  <arg name="hold_mode"/>
                  <node name="copter" stall_ms="5000">
                    <timer name="control" hz="50"/>
                    <udp name="fc" local="$(var udp)"/>
                    <mavlink link="fc" failsafe="$(var failsafe)" hold_mode="$(var hold_mode)"/>
                    <tree name="far" file="far.xml" on_finish="stop"/>
                    <mqtt port="0"/>
                  </node>
                </launch>
                """);
        return NodeRuntime.build(LaunchLoader.load(launch, Map.of("udp", "127.0.0.1:" + port, "failsafe", failsafe,
                "hold_mode", "hold".equals(failsafe) ? "BRAKE" : ""))
                .nodes().get(0), SystemNanoClock.INSTANCE, NodeRegistry.withBuiltins(), NodeTap.NONE);
    }

    private static int freePort() throws Exception {
        try (DatagramSocket s = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static double bb(NodeView n, String key) {
        return n.blackboard().entry(key).doubleValue();
    }

    @Test
    void aStallInTheAirHoldsTheVehicleAndTheTreeCannotFlyOnUntilItSetsAMode() throws Exception {
        MavlinkPeer.assumeAvailable();
        int port = freePort();
        NodeRuntime n = fly("hold", port);
        try (MavlinkPeer peer = MavlinkPeer.start("--udp", String.valueOf(port))) {
            n.start();
            await("flying north").atMost(Duration.ofSeconds(30)).until(() -> bb(n.view(), "mavlink_x") > 8);
            n.failsafes().onStall("copter", "control", 150_000_000L); // what the watchdog does
            await("zero velocity, then BRAKE").atMost(Duration.ofSeconds(5))
                    .until(() -> peer.saw("VELOCITY 0 0 0") && peer.saw("MODE 17"));
            TreeSlot far = n.view().treeSlots().get(0);
            await("the go-to fails: the vehicle is held").atMost(Duration.ofSeconds(5)).until(() -> far.runs() > 0);
            assertThat(far.lastStatus()).isEqualTo(Status.FAILURE);
            double x = bb(n.view(), "mavlink_x");
            assertThat(x).isLessThan(150);
            await("the vehicle stays where it stopped").during(Duration.ofMillis(600)).atMost(Duration.ofSeconds(3))
                    .until(() -> Math.abs(bb(n.view(), "mavlink_x") - x) < 0.5);
            assertThat(n.view().blackboard().entry("mavlink_armed").booleanValue()).as("still armed, hovering").isTrue();
            assertThat(n.view().blackboard().entry("mavlink_mode").stringValue()).isEqualTo("BRAKE");
            assertThat(peer.lines()).containsSubsequence("SETPOINT 300 0 -5", "VELOCITY 0 0 0", "MODE 17");
        } finally {
            n.shutdown(TimeUnit.SECONDS.toNanos(2));
        }
    }

    @Test
    void withFailsafeLandAStallLands() throws Exception {
        MavlinkPeer.assumeAvailable();
        int port = freePort();
        NodeRuntime n = fly("land", port);
        try (MavlinkPeer peer = MavlinkPeer.start("--udp", String.valueOf(port))) {
            n.start();
            await("flying north").atMost(Duration.ofSeconds(30)).until(() -> bb(n.view(), "mavlink_x") > 8);
            n.failsafes().onStall("copter", "control", 150_000_000L);
            await("landing, landed, disarmed").atMost(Duration.ofSeconds(10)).until(() -> peer.saw("LANDED"));
            assertThat(peer.lines()).containsSubsequence("SETPOINT 300 0 -5", "COMMAND 21 confirmation 0", "LANDING", "LANDED");
            await("on the ground").atMost(Duration.ofSeconds(5)).until(() -> bb(n.view(), "mavlink_landed_state") == 1.0);
        } finally {
            n.shutdown(TimeUnit.SECONDS.toNanos(2));
        }
    }
}

package io.canopy.launch.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Status;
import io.canopy.hardware.serial.SocatPtyPair;
import io.canopy.launch.LaunchLoader;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.proto.LinkStatus;
import io.canopy.testkit.MavlinkPeer;
import io.canopy.tick.SystemNanoClock;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * launch/examples/mavlink-square.launch.xml flown by {@code canopy run}'s runtime against the independent
 * node-mavlink vehicle, in real time: over UDP on 127.0.0.1 and over a socat pty. The vehicle's own log shows
 * the mission items, the mode, arming, the take-off, the four corners in order and the landing; the node's
 * blackboard shows the vehicle's state; the node's events reach a tree; bad input and a vehicle that stops
 * its heartbeats are counted and reported in the link's LinkStatus, and the node goes on.
 */
class MavlinkSquareMissionTest {
    static final Path EXAMPLE = Path.of("examples/mavlink-square.launch.xml");

    @TempDir
    Path dir;

    @Test
    void theSquareMissionFliesOverUdpLoopbackAndTheVehicleStateAndEventsArrive() throws Exception {
        MavlinkPeer.assumeAvailable();
        int port;
        try (DatagramSocket s = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        // the example, plus a tree that waits for the vehicle's events
        Files.writeString(dir.resolve("watch.xml"), """
                <root BTCPP_format="4" main_tree_to_execute="Watch">
                  <BehaviorTree ID="Watch"><Sequence>
                    <ConsumeEvent event="mavlink.mode_changed" wait="true" pick="_payload == 'GUIDED'"/>
                    <ConsumeEvent event="mavlink.armed" wait="true"/>
                    <ConsumeEvent event="mavlink.disarmed" wait="true"/>
                    <Script code="saw_events := true"/>
                  </Sequence></BehaviorTree>
                </root>
                """);
        String square = EXAMPLE.toAbsolutePath().getParent().resolve("trees/square.xml").toString();
        Path launch = Files.writeString(dir.resolve("square-udp.launch.xml"), """
                <launch>
                  <arg name="udp"/>
                  <node name="copter" stall_ms="5000">
                    <timer name="control" hz="50"/>
                    <udp name="fc" local="$(var udp)"/>
                    <mavlink link="fc" failsafe="hold" hold_mode="BRAKE"/>
                    <tree name="square" file="%s" on_finish="stop"/>
                    <tree name="watch" file="watch.xml" on_finish="stop"/>
                    <mqtt port="0"/>
                  </node>
                </launch>
                """.formatted(square));
        NodeRuntime n = build(LaunchLoader.load(launch, Map.of("udp", "127.0.0.1:" + port)));
        try (MavlinkPeer peer = MavlinkPeer.start("--udp", String.valueOf(port))) {
            n.start();
            flySquare(n.view(), peer);
            assertThat(tree(n.view(), "watch").lastStatus()).as("the tree that consumed mavlink.armed, mode_changed, disarmed")
                    .isEqualTo(Status.SUCCESS);
            assertThat(n.view().blackboard().entry("saw_events").booleanValue()).isTrue();
            badInputAndSilence(n.view(), peer, true);
        } finally {
            n.shutdown(TimeUnit.SECONDS.toNanos(2));
        }
    }

    @Test
    void theSquareMissionFliesOverASerialPty() throws Exception {
        MavlinkPeer.assumeAvailable();
        try (SocatPtyPair pty = SocatPtyPair.start(dir)) {
            NodeRuntime n = build(LaunchLoader.load(EXAMPLE, Map.of("serial", "true", "port", pty.a().toString(),
                    "baud", "115200", "mqtt_port", "0", "stall_ms", "5000"))); // a loaded test host stalls ticks
            try (MavlinkPeer peer = MavlinkPeer.start("--serial", pty.b().toString())) {
                n.start();
                flySquare(n.view(), peer);
                badInputAndSilence(n.view(), peer, false);
            } finally {
                n.shutdown(TimeUnit.SECONDS.toNanos(2));
            }
        }
    }

    private static NodeRuntime build(LaunchPlan plan) {
        return NodeRuntime.build(plan.nodes().get(0), SystemNanoClock.INSTANCE, NodeRegistry.withBuiltins(), NodeTap.NONE);
    }

    private static TreeSlot tree(NodeView n, String name) {
        return n.treeSlots().stream().filter(t -> t.plan.name().equals(name)).findFirst().orElseThrow();
    }

    private static void flySquare(NodeView n, MavlinkPeer peer) {
        TreeSlot square = tree(n, "square");
        await("the square tree finishes").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50))
                .until(() -> square.runs() > 0);
        assertThat(square.lastStatus()).as("square: " + peer.lines()).isEqualTo(Status.SUCCESS);
        List<String> log = peer.lines();
        assertThat(log).as("what the vehicle saw").contains("MISSION_ACCEPTED 4", "MODE 4", "ARMED", "TAKEOFF 5", "LANDED",
                "DISARMED").containsSubsequence("MISSION_ACCEPTED 4", "MODE 4", "ARMED", "TAKEOFF 5", "SETPOINT 10 0 -5",
                "SETPOINT 10 10 -5", "SETPOINT 0 10 -5", "SETPOINT 0 0 -5", "LANDING", "LANDED", "DISARMED");
        assertThat(log).contains("MISSION_ITEM 1 47.3978318 8.5457266 5 frame 6 command 16");
        assertThat(log).noneMatch(l -> l.startsWith("BAD_CRC"));
        await("the blackboard shows the landed vehicle").atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
            assertThat(n.blackboard().entry("mavlink_connected").booleanValue()).isTrue();
            assertThat(n.blackboard().entry("mavlink_armed").booleanValue()).isFalse();
            assertThat(n.blackboard().entry("mavlink_landed_state").doubleValue()).isEqualTo(1.0);
        });
        assertThat(n.blackboard().entry("mavlink_mode").stringValue()).isEqualTo("GUIDED");
        assertThat(n.blackboard().entry("mavlink_battery_pct").doubleValue()).isEqualTo(87.0);
        assertThat(n.blackboard().entry("mavlink_lat").doubleValue()).isCloseTo(47.397742, org.assertj.core.data.Offset.offset(1e-5));
        assertThat(n.blackboard().entry("mavlink_x").doubleValue()).isCloseTo(0, org.assertj.core.data.Offset.offset(0.35));
    }

    private static LinkStatus status(NodeView n) {
        return n.devices().linkStatuses().get(0);
    }

    private static void badInputAndSilence(NodeView n, MavlinkPeer peer, boolean silence) throws Exception {
        long frames = status(n).getFramesReceived();
        peer.tell("garbage");
        await("the bad input is counted in the link's status").atMost(Duration.ofSeconds(5))
                .until(() -> status(n).getUnparsable() >= 1);
        await("good frames go on").atMost(Duration.ofSeconds(5)).until(() -> status(n).getFramesReceived() > frames + 10);
        assertThat(status(n).getLink()).isEqualTo("fc");
        assertThat(status(n).getConnected()).isTrue();
        assertThat(n.devices().describe()).containsPattern("mavlink up GUIDED errors [1-9]");
        if (!silence) {
            return;
        }
        peer.tell("silence");
        await("heartbeat timeout: link lost").atMost(Duration.ofSeconds(8))
                .until(() -> !n.blackboard().entry("mavlink_connected").booleanValue());
        assertThat(status(n).getSilent()).isTrue();
        assertThat(io.canopy.launch.report.StatusLine.line(n)).contains("mavlink LOST");
        peer.tell("resume");
        await("heartbeats again: link back").atMost(Duration.ofSeconds(8))
                .until(() -> n.blackboard().entry("mavlink_connected").booleanValue());
    }
}

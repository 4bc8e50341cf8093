package io.canopy.launch.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.awaitility.Awaitility.await;

import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Status;
import io.canopy.hardware.dynamixel.ControlTable;
import io.canopy.hardware.dynamixel.VirtualServoBus;
import io.canopy.hardware.serial.SerialConfig;
import io.canopy.hardware.serial.SocatPtyPair;
import io.canopy.hardware.serial.TtyTransport;
import io.canopy.launch.LaunchLoader;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.proto.LinkStatus;
import io.canopy.tick.SystemNanoClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * launch/examples/dynamixel-arm.launch.xml run by {@code canopy run}'s runtime against virtual X-series servos on
 * the far end of a socat pty: the servos follow the goals the tree gives by port (DxlMoveTo) and by blackboard
 * entry, their states come back into the blackboard, the watchdog's failsafe turns torque off; a servo that
 * stops answering trips the failsafe by itself, and damaged status packets are counted, never fatal. Bus cycles
 * of 20 ms leave room for a loaded test host.
 */
class DynamixelArmRunTest {
    private static final ControlTable X = ControlTable.xSeries();
    private static final int GOAL_POSITION = 116;
    private static final int PRESENT_POSITION = 132;
    private static final int TORQUE_ENABLE = 64;

    @TempDir
    Path dir;

    private static NodeRuntime build(LaunchPlan plan) {
        return NodeRuntime.build(plan.nodes().get(0), SystemNanoClock.INSTANCE, NodeRegistry.withBuiltins(), NodeTap.NONE);
    }

    private static TreeSlot tree(NodeView n, String name) {
        return n.treeSlots().stream().filter(t -> t.plan.name().equals(name)).findFirst().orElseThrow();
    }

    private static double bb(NodeView n, String key) {
        return n.blackboard().entry(key).doubleValue();
    }

    @Test
    void theArmFollowsTheTreesGoalsAndTheFailsafeTurnsTorqueOff() throws Exception {
        assumeThat(SocatPtyPair.available()).as("socat is installed").isTrue();
        try (SocatPtyPair pty = SocatPtyPair.start(dir);
                VirtualServoBus servos = new VirtualServoBus(new TtyTransport(SerialConfig.of(pty.b().toString(), 57600)),
                        6.0, 1, 2, 3).start()) {
            NodeRuntime n = build(LaunchLoader.load(Path.of("examples/dynamixel-arm.launch.xml"),
                    // wider safety margins than the example's defaults: a loaded test host stalls ticks and threads
                    Map.of("port", pty.a().toString(), "mqtt_port", "0", "period_ms", "20", "stall_ms", "2000",
                            "lost_after", "50")));
            try {
                n.start();
                TreeSlot wave = tree(n.view(), "wave");
                await("the wave tree finishes").atMost(Duration.ofSeconds(20)).until(() -> wave.runs() > 0);
                assertThat(wave.lastStatus()).isEqualTo(Status.SUCCESS);
                // the goals the servos received, in their own units, and where they are now
                assertThat(servos.value(1, GOAL_POSITION, 4)).isEqualTo(X.item("goal_position").fromSi(0.5));
                assertThat(servos.value(2, GOAL_POSITION, 4)).isEqualTo(X.item("goal_position").fromSi(-0.8));
                assertThat(servos.value(3, GOAL_POSITION, 4)).as("the wrist's goal came from the blackboard entry arm_wrist_goal")
                        .isEqualTo(X.item("goal_position").fromSi(0.3));
                await("the servos and the blackboard at the pose").atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
                    assertThat(X.item("present_position").toSi(servos.value(3, PRESENT_POSITION, 4))).isCloseTo(0.3, Offset.offset(0.01));
                    assertThat(bb(n.view(), "arm_shoulder_position")).isCloseTo(0.5, Offset.offset(0.02));
                    assertThat(bb(n.view(), "arm_elbow_position")).isCloseTo(-0.8, Offset.offset(0.02));
                    assertThat(bb(n.view(), "arm_wrist_position")).isCloseTo(0.3, Offset.offset(0.02));
                });
                assertThat(bb(n.view(), "arm_shoulder_voltage")).isEqualTo(12.0);
                assertThat(bb(n.view(), "arm_elbow_temperature")).isEqualTo(36.0);
                await("the wrist answers reads (one may miss the 20 ms response timeout on a loaded host)")
                        .atMost(Duration.ofSeconds(2)).until(() -> bb(n.view(), "arm_wrist_answered") == 1.0);
                assertThat(n.view().blackboard().entry("arm_stopped").booleanValue()).isFalse();
                for (int id = 1; id <= 3; id++) {
                    assertThat(servos.value(id, TORQUE_ENABLE, 1)).as("torque on, servo " + id).isEqualTo(1);
                    assertThat(servos.value(id, 98, 1)).as("Bus Watchdog 100 ms = 5 x 20 ms, servo " + id).isEqualTo(5);
                }

                // a tree writes a new goal into the blackboard: the bus sends it at the end of the tick
                n.view().blackboard().entry("arm_elbow_goal").setDouble(-0.2); // test thread; the tree is done and writes nothing
                await("the elbow follows the blackboard goal").atMost(Duration.ofSeconds(5))
                        .until(() -> Math.abs(bb(n.view(), "arm_elbow_position") + 0.2) < 0.02);

                // the bus's LinkStatus goes out with the node's telemetry (the example's 2 Hz telemetry timer)
                java.util.List<LinkStatus> published = new java.util.concurrent.CopyOnWriteArrayList<>();
                n.view().mqtt().newSubscriber("/arm/links", LinkStatus.class, (m, e) -> published.add(m));
                await("the bus's LinkStatus on arm/links").atMost(Duration.ofSeconds(5))
                        .until(() -> published.stream().anyMatch(m -> m.getLink().equals("bus") && m.getFramesReceived() > 0));

                // the watchdog calls the node's failsafe (from its own thread): every servo goes limp
                n.failsafes().onStall("arm", "control", 150_000_000L);
                await("torque off on every servo").atMost(Duration.ofSeconds(2)).until(() -> servos.value(1, TORQUE_ENABLE, 1) == 0
                        && servos.value(2, TORQUE_ENABLE, 1) == 0 && servos.value(3, TORQUE_ENABLE, 1) == 0);
                await("arm_stopped in the blackboard").atMost(Duration.ofSeconds(2))
                        .until(() -> n.view().blackboard().entry("arm_stopped").booleanValue());
                LinkStatus s = n.view().devices().linkStatuses().get(0);
                assertThat(s.getLink()).isEqualTo("bus");
                assertThat(s.getConnected()).isTrue();
                assertThat(s.getSilent()).as("goals held back").isTrue();
                assertThat(s.getFramesReceived()).isGreaterThan(100);
                assertThat(s.getBadCrc()).isZero();
            } finally {
                n.shutdown(TimeUnit.SECONDS.toNanos(2));
            }
        }
    }

    @Test
    void aServoThatStopsAnsweringTripsTheFailsafeAndDamagedPacketsAreCounted() throws Exception {
        assumeThat(SocatPtyPair.available()).as("socat is installed").isTrue();
        Files.writeString(dir.resolve("reach.xml"), """
                <root BTCPP_format="4" main_tree_to_execute="Reach">
                  <BehaviorTree ID="Reach"><Sequence>
                    <DxlMoveTo servo="base" position="1.0" timeout_ms="20000"/>
                  </Sequence></BehaviorTree>
                </root>
                """);
        Files.writeString(dir.resolve("watch.xml"), """
                <root BTCPP_format="4" main_tree_to_execute="Watch">
                  <BehaviorTree ID="Watch"><Sequence>
                    <ConsumeEvent event="arm.servo_lost" wait="true" pick="_value == 7" value="{lost_id}"/>
                  </Sequence></BehaviorTree>
                </root>
                """);
        Path launch = Files.writeString(dir.resolve("lost.launch.xml"), """
                <launch>
                  <arg name="port"/>
                  <node name="arm" stall_ms="2000">
                    <timer name="control" hz="100"/>
                    <serial name="bus" port="$(var port)" baud="57600"/>
                    <dynamixel name="arm" link="bus" lost_after="10" period_ms="20">
                      <servo id="1" name="base" model="XM430-W350"/>
                      <servo id="7" name="gripper" model="XL330-M288"/>
                    </dynamixel>
                    <tree name="reach" file="reach.xml" on_finish="stop"/>
                    <tree name="watch" file="watch.xml" on_finish="stop"/>
                    <mqtt port="0"/>
                  </node>
                </launch>
                """);
        try (SocatPtyPair pty = SocatPtyPair.start(dir);
                VirtualServoBus servos = new VirtualServoBus(new TtyTransport(SerialConfig.of(pty.b().toString(), 57600)),
                        0.05, 1, 7).start()) { // 0.05 rad/s: the move to 1.0 rad takes 20 s, so it is still
            // running when the failsafe trips, however long a busy host takes to start the node (at 0.5 rad/s a slow
            // start let the move finish first, and the tree succeeded)
            servos.damageAnswers(3); // fewer than lost_after: servo 1 misses some reads, never ten in a row
            NodeRuntime n = build(LaunchLoader.load(launch, Map.of("port", pty.a().toString())));
            try {
                n.start();
                await("both servos answer").atMost(Duration.ofSeconds(60)) // a hang guard: the node's start on a busy host
                        .until(() -> bb(n.view(), "arm_gripper_answered") == 1.0 && bb(n.view(), "arm_base_answered") == 1.0);
                servos.mute(7, true); // the gripper's cable breaks: it answers no more
                TreeSlot watch = tree(n.view(), "watch");
                await("arm.servo_lost reaches the tree").atMost(Duration.ofSeconds(10)).until(() -> watch.runs() > 0);
                assertThat(watch.lastStatus()).isEqualTo(Status.SUCCESS);
                assertThat(bb(n.view(), "lost_id")).as("the event names servo 7").isEqualTo(7.0);
                assertThat(n.view().devices().bus("arm").servosLost()).isGreaterThanOrEqualTo(1);
                await("torque off on the servo that answers").atMost(Duration.ofSeconds(2))
                        .until(() -> servos.value(1, TORQUE_ENABLE, 1) == 0);
                TreeSlot reach = tree(n.view(), "reach");
                await("DxlMoveTo fails while the failsafe holds the bus").atMost(Duration.ofSeconds(5)).until(() -> reach.runs() > 0);
                assertThat(reach.lastStatus()).isEqualTo(Status.FAILURE);
                assertThat(bb(n.view(), "arm_gripper_answered")).isEqualTo(0.0);
                await("servo 1 answers once the damaged packets are over").atMost(Duration.ofSeconds(3))
                        .until(() -> bb(n.view(), "arm_base_answered") == 1.0);
                LinkStatus s = n.view().devices().linkStatuses().get(0);
                assertThat(s.getSequenceGaps()).as("unanswered reads").isGreaterThanOrEqualTo(5);
                assertThat(s.getBadCrc() + s.getShortFrames()).as("damaged status packets").isGreaterThanOrEqualTo(1);
                assertThat(io.canopy.launch.report.StatusLine.line(n.view())).contains("arm up STOPPED no-answer");
            } finally {
                n.shutdown(TimeUnit.SECONDS.toNanos(2));
            }
        }
    }

    @Test
    void eepromKeepWritesNoOperatingModeAndLeavesADifferingServoUndriven() throws Exception {
        assumeThat(SocatPtyPair.available()).as("socat is installed").isTrue();
        int operatingMode = X.item("operating_mode").address();
        Path launch = Files.writeString(dir.resolve("keep.launch.xml"), """
                <launch>
                  <arg name="port"/>
                  <node name="base" stall_ms="2000">
                    <timer name="control" hz="100"/>
                    <serial name="bus" port="$(var port)" baud="57600"/>
                    <dynamixel name="wheels" link="bus" mode="velocity" eeprom="keep" period_ms="20" response_timeout_ms="200">
                      <servo id="1" name="left" model="XM430-W350"/>
                      <servo id="2" name="right" model="XM430-W350"/>
                    </dynamixel>
                    <mqtt broker="none"/>
                  </node>
                </launch>
                """);
        try (SocatPtyPair pty = SocatPtyPair.start(dir);
                VirtualServoBus servos = new VirtualServoBus(new TtyTransport(SerialConfig.of(pty.b().toString(), 57600)),
                        0.5, 1, 2).start()) {
            servos.set(1, operatingMode, 1, 1); // servo 1 set to velocity mode beforehand (DYNAMIXEL Wizard); servo 2 not
            NodeRuntime n = build(LaunchLoader.load(launch, Map.of("port", pty.a().toString())));
            try {
                n.start();
                // response_timeout_ms="200": the virtual servos answer from a thread of this JVM through a pty; on a busy
                // host a 20 ms window (ample for a real servo) lost their PING answers, and an unchecked servo is driven
                // what this waits for: the bus's start-up done (PINGs, the Operating Mode check, torque on: its first
                // poll cycle follows them) and servo 1's torque-on arrived; the guard only catches a hang, as the PINGs'
                // retries over a 57,600-baud pty can take long on a busy host
                await("the bus's start-up done and servo 1 driven: torque on").atMost(Duration.ofSeconds(60))
                        .until(() -> n.view().devices().bus("wheels").cycles() > 0 && servos.value(1, TORQUE_ENABLE, 1) == 1);
                assertThat(n.view().devices().bus("wheels").driven(0)).as("servo 1 (index 0)").isTrue();
                assertThat(n.view().devices().bus("wheels").driven(1))
                        .as("servo 2 (index 1) not driven: its EEPROM says position mode, and keep forbids the write").isFalse();
                assertThat(servos.value(2, TORQUE_ENABLE, 1)).as("servo 2 never gets torque").isZero();
                assertThat(servos.value(2, operatingMode, 1)).as("servo 2 keeps its EEPROM value").isEqualTo(3);
                assertThat(servos.writesAt(operatingMode)).as("no Operating Mode write at all").isZero();
            } finally {
                n.shutdown(TimeUnit.SECONDS.toNanos(2));
            }
        }
    }
}

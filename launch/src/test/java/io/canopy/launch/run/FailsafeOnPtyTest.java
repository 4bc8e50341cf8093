package io.canopy.launch.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Status;
import io.canopy.hardware.serial.LinkSink;
import io.canopy.hardware.serial.SerialConfig;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.hardware.serial.SocatPtyPair;
import io.canopy.launch.LaunchLoader;
import io.canopy.proto.Envelope;
import io.canopy.proto.MotorCommand;
import io.canopy.proto.MotorState;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The failsafe of {@code canopy run}, proved from the wire: the robot's base is a peer on the far end of a
 * real pty pair (socat) that reports its motors' state at 50 Hz and records every {@code MotorCommand} with
 * its arrival time. Each test makes one trigger happen (the peer falls silent with its port open, the tick
 * freezes, the command source stops being refreshed) and asserts that stop commands reach the peer, that no
 * driving command follows, and how long it took. The times are printed for the README.
 */
class FailsafeOnPtyTest {
    @TempDir
    Path dir;
    private SocatPtyPair pair;
    private Peer peer;
    private LaunchRunner runner;
    /** The node's {@code <mqtt>} element (the embedded broker on a port the system picks, unless a test needs to know it). */
    private String mqtt = "<mqtt port=\"0\"/>";

    /** The base: answers nothing, reports motor state every 20 ms until muted, records commands. */
    static final class Peer implements LinkSink, AutoCloseable {
        record Command(long atNs, MotorCommand command) {}

        final List<Command> commands = new CopyOnWriteArrayList<>();
        final AtomicBoolean muted = new AtomicBoolean();
        volatile long mutedAtNs;
        volatile long lastReportNs;
        final SerialLink link;
        final Thread reporter;
        volatile boolean running = true;

        Peer(Path port) {
            link = SerialLink.open(SerialConfig.of(port.toString(), 115200), this).start();
            reporter = new Thread(() -> {
                long seq = 0;
                while (running) {
                    if (!muted.get()) {
                        for (int id = 0; id < 2; id++) {
                            link.send(Envelope.newBuilder().setSource("peer")
                                    .setMotorState(MotorState.newBuilder().setMotorId(id).setPosition(seq * 0.01)).build());
                        }
                        seq++;
                        lastReportNs = System.nanoTime();
                    }
                    try {
                        Thread.sleep(20); // the peer's own report period, not a wait in the test
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "peer-reporter");
            reporter.setDaemon(true);
            reporter.start();
        }

        void mute(boolean on) {
            if (on) {
                mutedAtNs = System.nanoTime();
            }
            muted.set(on);
        }

        @Override
        public void onEnvelope(SerialLink l, Envelope envelope, long receivedNs) {
            if (envelope.hasMotorCommand()) {
                commands.add(new Command(System.nanoTime(), envelope.getMotorCommand()));
            }
        }

        /** The first stop command that arrived after {@code sinceNs}, or null. */
        Command firstStopAfter(long sinceNs) {
            for (Command c : commands) {
                if (c.atNs() >= sinceNs && c.command().getTargetCase() == MotorCommand.TargetCase.STOP) {
                    return c;
                }
            }
            return null;
        }

        long drivingAfter(long sinceNs) {
            return commands.stream().filter(c -> c.atNs() >= sinceNs
                    && c.command().getTargetCase() == MotorCommand.TargetCase.VELOCITY && c.command().getVelocity() != 0).count();
        }

        @Override
        public void close() {
            running = false;
            reporter.interrupt();
            link.close();
        }
    }

    @BeforeEach
    void pty() throws Exception {
        Assumptions.assumeTrue(SocatPtyPair.available(), "socat is not installed (apt-get install socat): skipped");
        pair = SocatPtyPair.start(dir);
        peer = new Peer(pair.b());
    }

    @AfterEach
    void close() throws Exception {
        if (runner != null) {
            runner.shutdown();
        }
        if (peer != null) {
            peer.close();
        }
        if (pair != null) {
            pair.close();
        }
    }

    private LaunchRunner run(String nodeAttributes, String tree, NodeRegistry registry) throws Exception {
        return run(nodeAttributes, tree, registry, "");
    }

    private LaunchRunner run(String nodeAttributes, String tree, NodeRegistry registry, String extra) throws Exception {
        Files.writeString(dir.resolve("drive.xml"), tree);
        Path launch = Files.writeString(dir.resolve("failsafe.launch.xml"), """
                <launch>
                  <arg name="port"/>
                  <node name="n" %s>
                    <timer name="control" hz="50"/>
                    <serial name="base" port="$(var port)" baud="115200" timeout_ms="300"/>
                    <motor name="left" link="base" id="0" timeout_ms="300"/>
                    <motor name="right" link="base" id="1" timeout_ms="300"/>
                    <tree file="drive.xml"/>
                    %s
                    <bind from="blackboard:left" to="motor:left" timer="control"/>
                    <bind from="blackboard:right" to="motor:right" timer="control"/>
                    %s
                  </node>
                </launch>
                """.formatted(nodeAttributes, mqtt, extra));
        return LaunchRunner.start(LaunchLoader.load(launch, Map.of("port", pair.a().toString())), registry);
    }

    /** A tree that keeps commanding both wheels every tick (a refreshed command source). */
    private static final String DRIVING = """
            <root BTCPP_format="4" main_tree_to_execute="Drive">
              <BehaviorTree ID="Drive"><KeepRunningUntilFailure>
                <Sequence><Script code="left := 6.0; right := 4.0"/><Freeze/></Sequence>
              </KeepRunningUntilFailure></BehaviorTree>
            </root>
            """;

    static final AtomicBoolean FREEZE = new AtomicBoolean();

    private static NodeRegistry withFreeze() {
        FREEZE.set(false);
        return NodeRegistry.withBuiltins().copy().registerAction("Freeze", () -> {
            if (FREEZE.get()) {
                long until = System.nanoTime() + 400_000_000L;
                while (System.nanoTime() < until) {
                    Thread.onSpinWait(); // a hung leaf: the tick thread is stuck here for 400 ms
                }
            }
            return Status.SUCCESS;
        });
    }

    private void awaitDriving() {
        try {
            await().atMost(Duration.ofSeconds(10)).until(() -> peer.drivingAfter(0) > 1);
        } catch (RuntimeException e) {
            throw new AssertionError("peer got " + peer.commands.size() + " commands " + peer.commands.stream().limit(5).toList()
                    + "; peer link rx " + peer.link.framesReceived() + " bad " + peer.link.badFrames() + "; status " + runner.statusLines(), e);
        }
    }

    @Test
    void aDeviceSilentWithItsPortOpenIsLostAndItsMotorsGetStopsUntilItTalksAgain() throws Exception {
        runner = run("", DRIVING, withFreeze());
        awaitDriving();
        NodeView view = runner.views().get(0);
        peer.mute(true);
        long muted = peer.mutedAtNs;
        await().atMost(Duration.ofSeconds(5)).until(() -> peer.firstStopAfter(muted) != null);
        Peer.Command stop = peer.firstStopAfter(muted);
        double ms = (stop.atNs() - peer.lastReportNs) / 1e6;
        System.out.printf("failsafe silent device: timeout_ms 300, last frame to first stop frame %.1f ms (trigger to stop %.1f ms)%n",
                ms, ms - 300);
        assertThat(ms).as("lost after timeout_ms (300) of silence, stopped within a tick (20 ms) + the wire").isBetween(295.0, 450.0);
        long stopAt = stop.atNs();
        // hold: nothing but stops while it stays silent (still written, in case it hears them)
        await().atMost(Duration.ofSeconds(2)).until(() -> peer.commands.stream().filter(c -> c.atNs() > stopAt + 200_000_000L).count() > 0);
        assertThat(peer.drivingAfter(stopAt)).as("no driving command while the device is silent").isZero();
        assertThat(view.failsafeSilences()).isEqualTo(1);
        assertThat(view.lostEvents()).isGreaterThanOrEqualTo(1);

        peer.mute(false);
        long back = System.nanoTime();
        await().atMost(Duration.ofSeconds(5)).until(() -> peer.drivingAfter(back) > 0);
        assertThat(view.backEvents()).isGreaterThanOrEqualTo(1);
    }

    @Test
    void aStalledTickStopsEveryMotorFromTheWatchdogWithinStallMs() throws Exception {
        runner = run("stall_ms=\"60\"", DRIVING, withFreeze());
        awaitDriving();
        long frozeAt = System.nanoTime();
        FREEZE.set(true);
        await().atMost(Duration.ofSeconds(5)).until(() -> peer.firstStopAfter(frozeAt) != null);
        Peer.Command stop = peer.firstStopAfter(frozeAt);
        double ms = (stop.atNs() - frozeAt) / 1e6;
        System.out.printf("failsafe stalled tick: stall_ms 60, freeze to first stop frame %.1f ms%n", ms);
        assertThat(ms).as("stall_ms (60) + the tick that was running (<= 20) + the watchdog's check + the wire, with room for a loaded host").isLessThan(250);
        FREEZE.set(false);
        assertThat(runner.views().get(0).failsafeStalls()).isGreaterThanOrEqualTo(1);
        await().atMost(Duration.ofSeconds(5)).until(() -> runner.views().get(0).stallEvents() >= 1);
    }

    @Test
    void aCommandSourceThatIsNoLongerRefreshedPutsItsMotorsSafe() throws Exception {
        runner = run("command_timeout_ms=\"200\"", """
                <root BTCPP_format="4" main_tree_to_execute="Once">
                  <BehaviorTree ID="Once"><Sequence>
                    <Script code="left := 6.0; right := 4.0"/>
                    <Sleep msec="600000"/>
                  </Sequence></BehaviorTree>
                </root>
                """, NodeRegistry.withBuiltins());
        awaitDriving();
        long firstDrive = peer.commands.get(0).atNs();
        await().atMost(Duration.ofSeconds(5)).until(() -> peer.firstStopAfter(firstDrive) != null);
        Peer.Command stop = peer.firstStopAfter(firstDrive);
        double ms = (stop.atNs() - firstDrive) / 1e6;
        System.out.printf("failsafe stale command: command_timeout_ms 200, last write to first stop frame %.1f ms%n", ms);
        assertThat(ms).as("command_timeout_ms (200) + a tick + the wire, measured from the first command's arrival (whose own wire delay can shorten it)").isBetween(180.0, 400.0);
        long stopAt = stop.atNs();
        await().atMost(Duration.ofSeconds(2)).until(() -> peer.commands.stream().filter(c -> c.atNs() > stopAt + 100_000_000L).count() > 0);
        assertThat(peer.drivingAfter(stopAt)).isZero();
        assertThat(runner.views().get(0).failsafeStaleCommands()).as("each bound set-point is a command source").isEqualTo(2);
    }

    /**
     * The command source is MQTT: set-points published to {@code cmd/left} and {@code cmd/right} (plain text, through
     * the embedded broker and a real Paho client) drive the wheels; when the publisher stops, the motors get stops
     * {@code command_timeout_ms} after its last message, and no driving command follows.
     */
    @Test
    void anMqttCommandSourceThatStopsPublishingPutsItsMotorsSafe() throws Exception {
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        mqtt = "<mqtt broker=\"embedded\" port=\"" + port + "\"/>";
        runner = run("command_timeout_ms=\"200\"", """
                <root BTCPP_format="4" main_tree_to_execute="Idle">
                  <BehaviorTree ID="Idle"><KeepRunningUntilFailure><AlwaysSuccess/></KeepRunningUntilFailure></BehaviorTree>
                </root>
                """, NodeRegistry.withBuiltins(), """
                <bind from="mqtt:cmd/left" to="blackboard:left" payload="text"/>
                <bind from="mqtt:cmd/right" to="blackboard:right" payload="text"/>
                """);
        MqttClient operator = new MqttClient("tcp://127.0.0.1:" + port, "failsafe-operator", new MemoryPersistence());
        try {
            await().atMost(Duration.ofSeconds(20)).ignoreExceptions().until(() -> {
                operator.connect();
                return true;
            });
            long[] lastPublishNs = new long[1];
            // the operator keeps publishing (every 20 ms, the poll interval) until the wheels have been driven a while
            await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20)).until(() -> {
                operator.publish("cmd/left", "6.0".getBytes(StandardCharsets.UTF_8), 1, false);
                operator.publish("cmd/right", "4.0".getBytes(StandardCharsets.UTF_8), 1, false);
                lastPublishNs[0] = System.nanoTime();
                return peer.drivingAfter(0) > 10;
            });
            long last = lastPublishNs[0];
            await().atMost(Duration.ofSeconds(5)).until(() -> peer.firstStopAfter(last) != null);
            Peer.Command stop = peer.firstStopAfter(last);
            double ms = (stop.atNs() - last) / 1e6;
            System.out.printf("failsafe stale MQTT command: command_timeout_ms 200, last publish to first stop frame %.1f ms%n", ms);
            assertThat(ms).as("command_timeout_ms (200) + the broker + a tick + the wire").isBetween(180.0, 450.0);
            long stopAt = stop.atNs();
            await().atMost(Duration.ofSeconds(2)).until(() -> peer.commands.stream().filter(c -> c.atNs() > stopAt + 100_000_000L).count() > 0);
            assertThat(peer.drivingAfter(stopAt)).as("no driving command once the source went stale").isZero();
            assertThat(runner.views().get(0).failsafeStaleCommands()).as("each bound set-point is a command source").isEqualTo(2);
        } finally {
            if (operator.isConnected()) {
                operator.disconnect();
            }
            operator.close();
        }
    }

    /**
     * With a mission, a link that comes back does not make the robot move by itself: its motors stay at stop
     * until the mission raises {@code motors.release} (here 500 ms after {@code device.back}) (issue #14).
     */
    @Test
    void afterALostDeviceComesBackTheMotorsWaitForTheMissionToRelease() throws Exception {
        Files.writeString(dir.resolve("mission.scxml"), """
                <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="Run">
                  <state id="Run"><transition event="device.lost" target="Halted"/></state>
                  <state id="Halted"><transition event="device.back" target="Resume"/></state>
                  <state id="Resume">
                    <onentry><send event="motors.release" target="node" delay="500ms"/></onentry>
                    <transition event="device.lost" target="Halted"/>
                  </state>
                </scxml>
                """);
        runner = run("", DRIVING, withFreeze(), "<statemachine name=\"mission\" file=\"mission.scxml\" timer=\"control\"/>");
        awaitDriving();
        peer.mute(true);
        long muted = peer.mutedAtNs;
        await().atMost(Duration.ofSeconds(5)).until(() -> peer.firstStopAfter(muted) != null);
        await().atMost(Duration.ofSeconds(5)).until(() -> "Halted".equals(runner.views().get(0).machineState("mission")));
        peer.mute(false);
        long back = System.nanoTime();
        await().atMost(Duration.ofSeconds(5)).until(() -> "Resume".equals(runner.views().get(0).machineState("mission")));
        await().atMost(Duration.ofSeconds(5)).until(() -> peer.drivingAfter(back) > 0);
        Peer.Command first = peer.commands.stream().filter(c -> c.atNs() >= back
                && c.command().getTargetCase() == MotorCommand.TargetCase.VELOCITY && c.command().getVelocity() != 0)
                .findFirst().orElseThrow();
        double ms = (first.atNs() - back) / 1e6;
        System.out.printf("failsafe release: frames back to first driving command %.1f ms (the mission releases after 500 ms)%n", ms);
        assertThat(ms).as("no driving command before the mission's motors.release").isGreaterThan(450);
    }
}

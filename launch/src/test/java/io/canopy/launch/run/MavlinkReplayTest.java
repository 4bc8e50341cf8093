package io.canopy.launch.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Status;
import io.canopy.hardware.serial.SocatPtyPair;
import io.canopy.launch.LaunchLoader;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.record.BagInfo;
import io.canopy.launch.record.RecordSession;
import io.canopy.launch.record.Replay;
import io.canopy.testkit.MavlinkPeer;
import io.canopy.tick.SystemNanoClock;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * launch/examples/mavlink-square.launch.xml flown against the independent node-mavlink vehicle (on a socat pty, and
 * over UDP) while recording; the recording then replays without the vehicle: {@code --check} identical (every frame
 * the node wrote, every tree transition), and {@code --with} a square of 8 m diverges on the first set-point that
 * changes, the frame decoded in the line.
 */
class MavlinkReplayTest {
    static final Path EXAMPLE = Path.of("examples/mavlink-square.launch.xml");

    @TempDir
    Path dir;

    @Test
    void theSquareFlownOverAPtyReplaysIdenticalAndAnEightMetreSquareDivergesOnItsFirstSetpoint() throws Exception {
        MavlinkPeer.assumeAvailable();
        Path file = dir.resolve("square.mcap");
        try (SocatPtyPair pty = SocatPtyPair.start(dir)) {
            LaunchPlan plan = LaunchLoader.load(EXAMPLE, Map.of("serial", "true", "port", pty.a().toString(),
                    "baud", "115200", "mqtt_port", "0", "stall_ms", "5000"));
            try (MavlinkPeer peer = MavlinkPeer.start("--serial", pty.b().toString())) {
                fly(plan, file, peer);
            }
        }
        Replay.Result same = Replay.run(file, new Replay.Options(List.of(), -1, true));
        assertThat(same.divergence()).as(same.summary(true)).isNull();
        assertThat(same.compared()).as("frames written and tree transitions compared").isGreaterThan(50);
        System.out.println("mavlink square (pty) replay: " + same.summary(true));

        Replay.Result eight = Replay.run(file, new Replay.Options(List.of(eightMetreSquare()), -1, true));
        assertThat(eight.divergence()).as("the 8 m square diverges").isNotNull();
        String line = eight.divergence().line();
        assertThat(line).contains("copter/out/device/fc")
                .contains("expected {SET_POSITION_TARGET_LOCAL_NED").contains("x: 10.0")
                .contains("got {SET_POSITION_TARGET_LOCAL_NED").contains("x: 8.0");
        System.out.println("mavlink square (pty) --with 8 m: " + line);

        // canopy bag info: the device link with its reads, written frames and decoded messages by name
        StringWriter info = new StringWriter();
        BagInfo.read(file).print(new PrintWriter(info));
        assertThat(info.toString()).containsPattern("copter/device/fc +mavlink: [1-9]\\d* reads in, [1-9]\\d* frames out")
                .containsPattern("in: .*HEARTBEAT [1-9]").containsPattern("out: .*SET_POSITION_TARGET_LOCAL_NED [1-9]")
                .contains("MISSION_ITEM_INT 4");
        System.out.println(info);
        Files.copy(file, Path.of("target/mavlink-square-pty.mcap"), StandardCopyOption.REPLACE_EXISTING); // for trying the CLI
    }

    @Test
    void theSquareFlownOverUdpReplaysIdentical() throws Exception {
        MavlinkPeer.assumeAvailable();
        int port;
        try (DatagramSocket s = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Path file = dir.resolve("square-udp.mcap");
        LaunchPlan plan = LaunchLoader.load(EXAMPLE, Map.of("udp", "127.0.0.1:" + port, "mqtt_port", "0", "stall_ms", "5000"));
        try (MavlinkPeer peer = MavlinkPeer.start("--udp", String.valueOf(port))) {
            fly(plan, file, peer);
        }
        Replay.Result same = Replay.run(file, new Replay.Options(List.of(), -1, true));
        assertThat(same.divergence()).as(same.summary(true)).isNull();
        assertThat(same.compared()).isGreaterThan(50);
        System.out.println("mavlink square (udp) replay: " + same.summary(true));
        for (int i = 0; i < 3; i++) { // warm: what a replay costs without the JVM's start and first compilation
            Replay.Result again = Replay.run(file, new Replay.Options(List.of(), -1, true));
            assertThat(again.divergence()).isNull();
            System.out.println("mavlink square (udp) replay, warm: " + again.summary(true));
        }
    }

    /** Records the node flying the square until its tree finishes (it stops the node: on_finish="stop"). */
    private static void fly(LaunchPlan plan, Path file, MavlinkPeer peer) {
        RecordSession session = RecordSession.start(file, plan, 0);
        NodeRuntime n = NodeRuntime.build(plan.nodes().get(0), SystemNanoClock.INSTANCE, NodeRegistry.withBuiltins(),
                session.tap(plan.nodes().get(0)));
        try {
            n.start();
            TreeSlot square = n.view().treeSlots().stream().filter(t -> t.plan.name().equals("square")).findFirst().orElseThrow();
            await("the square tree finishes").atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(50))
                    .until(() -> square.runs() > 0);
            assertThat(square.lastStatus()).as("square: " + peer.lines()).isEqualTo(Status.SUCCESS);
            assertThat(peer.lines()).contains("SETPOINT 10 10 -5", "LANDED");
        } finally {
            n.shutdown(TimeUnit.SECONDS.toNanos(2));
            session.close();
        }
    }

    private Path eightMetreSquare() throws Exception {
        String tree = Files.readString(EXAMPLE.toAbsolutePath().getParent().resolve("trees/square.xml"))
                .replace("x=\"10\"", "x=\"8\"").replace("y=\"10\"", "y=\"8\"");
        return Files.writeString(dir.resolve("square.xml"), tree);
    }
}

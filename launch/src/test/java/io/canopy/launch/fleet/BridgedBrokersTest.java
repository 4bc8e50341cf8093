package io.canopy.launch.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.google.protobuf.ByteString;
import io.canopy.launch.LaunchLoader;
import io.canopy.launch.run.LaunchRunner;
import io.canopy.launch.run.NodeView;
import io.canopy.messaging.MqttNode;
import io.canopy.messaging.NodeConfig;
import io.canopy.messaging.Publisher;
import io.canopy.messaging.Qos;
import io.canopy.proto.Event;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Scale-out on an existing engine: two Mosquitto brokers joined by a bridge on loopback ({@code topic # both 1}).
 * A robot (fleet-robot.launch.xml, in process) talks to broker A; a monitor on broker B sees its retained state
 * and telemetry, and its stop command crosses back to the robot; 1000 numbered QoS 1 messages each way all cross.
 */
class BridgedBrokersTest {
    private static final int MESSAGES = 1000;
    private final List<Process> brokers = new ArrayList<>();
    private final List<AutoCloseable> closing = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (int i = closing.size() - 1; i >= 0; i--) {
            closing.get(i).close();
        }
        brokers.forEach(Process::destroyForcibly);
    }

    private static int freePort() throws java.io.IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static boolean listening(int port) {
        try (Socket s = new Socket("127.0.0.1", port)) {
            return true;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    private void mosquitto(Path dir, String name, String conf) throws java.io.IOException {
        Path f = Files.writeString(dir.resolve(name + ".conf"), conf + "log_type all\nlog_dest stdout\n");
        brokers.add(new ProcessBuilder("/usr/sbin/mosquitto", "-c", f.toString()).redirectErrorStream(true)
                .redirectOutput(dir.resolve(name + ".log").toFile()).start());
    }

    private MqttNode client(String name, int port) throws InterruptedException {
        MqttNode n = MqttNode.start(NodeConfig.builder(name).broker("tcp://127.0.0.1:" + port).announceState(false).build());
        closing.add(n);
        assertThat(n.awaitConnected(10_000)).as("%s connects to 127.0.0.1:%d", name, port).isTrue();
        return n;
    }

    @Test
    void telemetryAndCommandsCrossTheBridgeWithQos1AndNoLoss() throws Exception {
        assertThat(Path.of("/usr/sbin/mosquitto")).as("mosquitto is installed by .ci/run").isExecutable();
        Path dir = Files.createTempDirectory("canopy-bridge-");
        int a = freePort();
        int b = freePort();
        mosquitto(dir, "a", "listener " + a + " 127.0.0.1\nallow_anonymous true\n");
        mosquitto(dir, "b", "listener " + b + " 127.0.0.1\nallow_anonymous true\n"
                + "connection to-a\naddress 127.0.0.1:" + a + "\ntopic # both 1\ncleansession false\nrestart_timeout 1\n");
        await().atMost(Duration.ofSeconds(10)).until(() -> listening(a) && listening(b));

        // the bridge is up once a probe published on A arrives on B
        MqttNode onA = client("robots_side", a);
        MqttNode onB = client("monitor_side", b);
        Set<String> seenOnB = ConcurrentHashMap.newKeySet();
        onB.newRawSubscriber("/#", Qos.AT_LEAST_ONCE, (topic, payload, retained) -> seenOnB.add(topic));
        Publisher<Event> probe = onA.newPublisher("/bridge/probe", Event.class, Qos.AT_LEAST_ONCE, false);
        await().atMost(Duration.ofSeconds(15)).pollInterval(Duration.ofMillis(200)).until(() -> {
            probe.publish(Event.newBuilder().setName("probe").build());
            return seenOnB.contains("bridge/probe");
        });

        // a robot on A: its retained state and its telemetry show on B; a stop command from B reaches it
        LaunchRunner robot = LaunchRunner.start(LaunchLoader.load(Path.of("examples/fleet-robot.launch.xml"),
                Map.of("robot", "robot1", "broker", "tcp://127.0.0.1:" + a)));
        closing.add(robot);
        NodeView view = robot.views().get(0);
        await().atMost(Duration.ofSeconds(15)).until(() -> seenOnB.contains("robot1/controller/state")
                && seenOnB.stream().anyMatch(t -> t.startsWith("robot1/controller/") && t.endsWith("timers")));
        await().atMost(Duration.ofSeconds(10)).until(() -> "Patrol".equals(view.machineState("mission")));
        onB.newPublisher("/robot1/cmd/stop", Event.class, Qos.AT_LEAST_ONCE, false).publish(Event.newBuilder().setName("stop").build());
        await().atMost(Duration.ofSeconds(10)).until(() -> "Idle".equals(view.machineState("mission")));

        // QoS 1 both ways, no loss: every numbered message arrives on the other side
        assertAllCross(onA, onB, "/bridge/up");
        assertAllCross(onB, onA, "/bridge/down");
    }

    private static void assertAllCross(MqttNode from, MqttNode to, String topic) {
        Set<Integer> got = ConcurrentHashMap.newKeySet();
        to.newSubscriber(topic, Event.class, Qos.AT_LEAST_ONCE,
                (e, env) -> got.add(Integer.parseInt(e.getPayload().toStringUtf8())));
        Publisher<Event> p = from.newPublisher(topic, Event.class, Qos.AT_LEAST_ONCE, false);
        // subscribing is asynchronous: count only once a probe (-1) has come through on this very topic
        await().atMost(Duration.ofSeconds(15)).pollInterval(Duration.ofMillis(200)).until(() -> {
            p.publish(Event.newBuilder().setName("n").setPayload(ByteString.copyFromUtf8("-1")).build());
            return got.contains(-1);
        });
        for (int i = 0; i < MESSAGES; i++) {
            p.publish(Event.newBuilder().setName("n").setPayload(ByteString.copyFromUtf8(Integer.toString(i))).build());
        }
        await().atMost(Duration.ofSeconds(20)).until(() -> got.size() == MESSAGES + 1);
        assertThat(got).as("%s: numbered QoS 1 messages received across the bridge", topic).hasSize(MESSAGES + 1)
                .contains(0, MESSAGES - 1);
    }
}

package io.canopy.launch.status;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.launch.LaunchLoader;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.run.LaunchRunner;
import io.canopy.proto.Envelope;
import io.canopy.proto.MachineState;
import io.canopy.proto.TreeLayout;
import io.canopy.proto.TreeNodes;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The demo's full status on MQTT, watched by a plain Paho client through the embedded broker: every node's
 * status of the patrol tree (one byte per Groot2 UID), its XML retained, the mission's configuration with
 * its last transition, and canopy echo's readable line for each.
 */
class StatusTopicsTest {
    private LaunchRunner runner;
    private MqttClient client;

    @AfterEach
    void stop() throws Exception {
        if (client != null && client.isConnected()) {
            client.disconnect();
        }
        if (runner != null) {
            runner.shutdown();
        }
    }

    @Test
    void treesAndMachinesArePublishedWithEveryNodesStatusAndTheLayoutRetained() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        LaunchPlan plan = LaunchLoader.load(Path.of("examples/patrol.launch.xml"),
                Map.of("mqtt_port", Integer.toString(port), "battery", "21", "drain", "150"));
        runner = LaunchRunner.start(plan);
        Map<String, List<Envelope>> seen = new ConcurrentHashMap<>();
        client = new MqttClient("tcp://127.0.0.1:" + port, "status-test", new MemoryPersistence());
        await().atMost(Duration.ofSeconds(20)).ignoreExceptions().until(() -> {
            client.connect(new MqttConnectOptions());
            return true;
        });
        client.subscribe("robot1/controller/status/#", 1,
                (topic, msg) -> seen.computeIfAbsent(topic, k -> new CopyOnWriteArrayList<>()).add(Envelope.parseFrom(msg.getPayload())));
        String base = "robot1/controller/status/";
        // the layout is retained: a late subscriber gets it
        await().atMost(Duration.ofSeconds(20)).until(() -> seen.containsKey(base + "trees/patrol/xml"));
        TreeLayout layout = seen.get(base + "trees/patrol/xml").get(0).getTreeLayout();
        TreeShape shape = TreeShape.parse(layout.getXml());
        assertThat(shape.nodes()).isNotEmpty();
        assertThat(shape.nodes().get(0).uid()).isEqualTo(1);
        // the patrol tree runs: a RUNNING (1) byte for its root, one byte per node
        await().atMost(Duration.ofSeconds(20)).until(() -> seen.getOrDefault(base + "trees/patrol", List.of()).stream()
                .map(Envelope::getTreeNodes).anyMatch(t -> t.getActive() && t.getStatuses().byteAt(0) == 1));
        TreeNodes nodes = seen.get(base + "trees/patrol").get(0).getTreeNodes();
        assertThat(nodes.getStatuses().size()).isEqualTo(shape.nodes().size());
        assertThat(nodes.getLayoutCrc()).isEqualTo(layout.getLayoutCrc());
        String line = StatusText.format(base + "trees/patrol", seen.get(base + "trees/patrol").get(seen.get(base + "trees/patrol").size() - 1).getTreeNodes());
        assertThat(line).startsWith("tree_nodes { patrol tick ");
        // the battery (21 %, fast drain) sends the mission to ReturnToDock: the transition is on the machine's topic
        await().atMost(Duration.ofSeconds(30)).until(() -> seen.getOrDefault(base + "machines/mission", List.of()).stream()
                .map(Envelope::getMachineState).anyMatch(m -> m.getActiveStatesList().contains("ReturnToDock")));
        MachineState m = seen.get(base + "machines/mission").stream().map(Envelope::getMachineState)
                .filter(s -> s.getActiveStatesList().contains("ReturnToDock")).findFirst().orElseThrow();
        assertThat(m.getLastTransitionsList()).isNotEmpty();
        assertThat(m.getLastTransitions(m.getLastTransitionsCount() - 1).getFromList()).containsExactly("Patrol");
        assertThat(m.getLastTransitions(m.getLastTransitionsCount() - 1).getToList()).containsExactly("ReturnToDock");
        assertThat(m.getLastTransitions(m.getLastTransitionsCount() - 1).getEvent()).isEqualTo("battery");
        assertThat(StatusText.format(base + "machines/mission", m)).contains("last: Patrol -> ReturnToDock on battery");
        assertThat(seen).containsKey(base + "machines/mission/scxml");
        // the default 5 Hz goes on while nothing changes (the patrol tree is gated off now): 200 ms apart, as stamped
        // what this waits for: ten messages in a row in which the tree did not change (a busy host can hold the
        // mission in ReturnToDock shorter or longer, and messages of a changing tree come at the rate of its changes)
        int before = seen.get(base + "trees/patrol").size();
        List<Envelope> ten = new ArrayList<>();
        await("ten messages of an unchanged tree in a row").atMost(Duration.ofSeconds(60)).until(() -> {
            List<Envelope> all = seen.get(base + "trees/patrol");
            ten.clear();
            for (int i = before; i < all.size() && ten.size() < 10; i++) {
                if (all.get(i).getTreeNodes().getTransitions() == 0) {
                    ten.add(all.get(i));
                } else {
                    ten.clear();
                }
            }
            return ten.size() == 10;
        });
        double meanMs = (ten.get(9).getStampNs() - ten.get(0).getStampNs()) / 9 / 1e6;
        assertThat(meanMs).isBetween(150.0, 300.0);
    }
}

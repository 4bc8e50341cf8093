package io.canopy.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.proto.Envelope;
import io.canopy.proto.Event;
import io.canopy.testkit.MosquittoProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * QoS 1 commands across a broker crash (issue #14): a real Mosquitto with persistence is killed with SIGKILL and
 * restarted; 20 numbered commands are published while the robot's node is still away. The node with a
 * persistent session (clean session off, stable client id) gets every one when it reconnects; a node with a
 * clean session, the same subscription and the same backoff, gets none of them: they were published before
 * it resubscribed.
 */
class PersistentSessionTest {
    @TempDir
    Path dir;

    @Test
    void commandsPublishedWhileTheNodeIsAwayArriveWithAPersistentSession() throws Exception {
        List<String> persistence = List.of("allow_anonymous true", "persistence true", "persistence_location " + dir + "/",
                "autosave_interval 1", "autosave_on_changes true");
        try (MosquittoProcess broker = MosquittoProcess.start(dir, persistence)) {
            Set<String> kept = ConcurrentHashMap.newKeySet();
            Set<String> clean = ConcurrentHashMap.newKeySet();
            try (MqttNode robot = MqttNode.start(NodeConfig.builder("controller").namespace("robot1").broker(broker.url())
                            .persistentSession(true).reconnectBackoffMs(1500, 1500).build());
                    MqttNode other = MqttNode.start(NodeConfig.builder("controller2").namespace("robot1").broker(broker.url())
                            .reconnectBackoffMs(1500, 1500).build())) {
                robot.newSubscriber("cmd", Event.class, Qos.AT_LEAST_ONCE, (e, env) -> kept.add(e.getName()));
                other.newSubscriber("cmd", Event.class, Qos.AT_LEAST_ONCE, (e, env) -> clean.add(e.getName()));
                assertThat(robot.awaitConnected(10_000) && other.awaitConnected(10_000)).isTrue();
                MqttClient pub = new MqttClient(broker.url(), "operator", new MemoryPersistence());
                MqttConnectOptions o = new MqttConnectOptions();
                o.setCleanSession(true);
                await().atMost(Duration.ofSeconds(10)).ignoreExceptions().until(() -> {
                    send(pub, o, "before");
                    return kept.contains("before") && clean.contains("before");
                });

                broker.kill();
                broker.restart();
                await().atMost(Duration.ofSeconds(10)).ignoreExceptions().until(() -> {
                    if (!pub.isConnected()) {
                        pub.connect(o);
                    }
                    return true;
                });
                assertThat(robot.isConnected()).as("the robot's node is still away (1.5 s backoff)").isFalse();
                for (int i = 0; i < 20; i++) {
                    send(pub, o, "c" + i);
                }
                await().atMost(Duration.ofSeconds(15)).until(() -> kept.size() == 21);
                for (int i = 0; i < 20; i++) {
                    assertThat(kept).contains("c" + i);
                }
                await().atMost(Duration.ofSeconds(10)).until(other::isConnected);
                assertThat(clean).as("a clean session misses what came before it resubscribed").containsExactly("before");
                pub.disconnect();
                pub.close();
            }
        }
    }

    private static void send(MqttClient pub, MqttConnectOptions o, String name) throws Exception {
        if (!pub.isConnected()) {
            pub.connect(o);
        }
        Envelope e = Envelope.newBuilder().setSource("operator").setEvent(Event.newBuilder().setName(name)).build();
        MqttMessage m = new MqttMessage(e.toByteArray());
        m.setQos(1);
        pub.publish("robot1/cmd", m);
    }
}

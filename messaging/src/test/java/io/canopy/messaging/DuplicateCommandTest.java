package io.canopy.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.proto.Envelope;
import io.canopy.proto.Event;
import io.canopy.testkit.MosquittoProcess;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.Test;

/**
 * At-least-once made idempotent (issue #14): a QoS 1 command that reaches the node twice with the same
 * (source, message id) — what a broker redelivers after a dropped connection — is handled once and counted;
 * QoS 1 publishers number their messages themselves.
 */
class DuplicateCommandTest {
    @Test
    void theSameCommandTwiceIsHandledOnceAndCounted() throws Exception {
        int port = MosquittoProcess.freePort();
        try (MqttNode robot = MqttNode.start(NodeConfig.builder("controller").namespace("robot1").embeddedPort(port).build())) {
            List<String> handled = new CopyOnWriteArrayList<>();
            robot.newSubscriber("cmd", Event.class, Qos.AT_LEAST_ONCE, (e, env) -> handled.add(e.getName()));
            assertThat(robot.awaitConnected(10_000)).isTrue();
            MqttClient operator = new MqttClient("tcp://127.0.0.1:" + port, "operator", new MemoryPersistence());
            operator.connect(new MqttConnectOptions());
            Envelope stop = Envelope.newBuilder().setSource("operator").setMessageId(41)
                    .setEvent(Event.newBuilder().setName("stop")).build();
            Envelope go = stop.toBuilder().setMessageId(42).setEvent(Event.newBuilder().setName("go")).build();
            for (Envelope e : List.of(stop, stop, go, stop, go)) {
                MqttMessage m = new MqttMessage(e.toByteArray());
                m.setQos(1);
                operator.publish("robot1/cmd", m);
            }
            Envelope unnumbered = Envelope.newBuilder().setSource("operator").setEvent(Event.newBuilder().setName("ping")).build();
            operator.publish("robot1/cmd", new MqttMessage(unnumbered.toByteArray()));
            operator.publish("robot1/cmd", new MqttMessage(unnumbered.toByteArray()));
            await().atMost(Duration.ofSeconds(10)).until(() -> handled.size() >= 4);
            await().atMost(Duration.ofSeconds(10)).until(() -> robot.stats().duplicates() == 3);
            assertThat(handled).as("messages without an id are never deduplicated").containsExactly("stop", "go", "ping", "ping");
            operator.disconnect();
            operator.close();
        }
    }

    @Test
    void aQos1PublisherNumbersItsMessagesAndQos0DoesNot() throws Exception {
        int port = MosquittoProcess.freePort();
        try (MqttNode robot = MqttNode.start(NodeConfig.builder("controller").namespace("robot1").embeddedPort(port).build())) {
            List<Envelope> got = new CopyOnWriteArrayList<>();
            robot.newSubscriber("out", Event.class, Qos.AT_LEAST_ONCE, (e, env) -> got.add(env));
            Publisher<Event> reliable = robot.newPublisher("out", Event.class, Qos.AT_LEAST_ONCE, false);
            Publisher<Event> telemetry = robot.newPublisher("out", Event.class, Qos.AT_MOST_ONCE, false);
            assertThat(robot.awaitConnected(10_000)).isTrue();
            await().atMost(Duration.ofSeconds(10)).until(() -> {
                reliable.publish(Event.newBuilder().setName("a").build());
                reliable.publish(Event.newBuilder().setName("b").build());
                telemetry.publish(Event.newBuilder().setName("c").build());
                return got.size() >= 3;
            });
            Envelope a = got.stream().filter(e -> e.getEvent().getName().equals("a")).findFirst().orElseThrow();
            Envelope b = got.stream().filter(e -> e.getEvent().getName().equals("b")).findFirst().orElseThrow();
            Envelope c = got.stream().filter(e -> e.getEvent().getName().equals("c")).findFirst().orElseThrow();
            assertThat(a.getMessageId()).isNotZero();
            assertThat(b.getMessageId()).isEqualTo(a.getMessageId() + 1);
            assertThat(c.getMessageId()).isZero();
        }
    }
}

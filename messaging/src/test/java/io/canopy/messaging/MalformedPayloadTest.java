package io.canopy.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.canopy.proto.BatteryState;
import io.canopy.proto.Envelope;
import io.canopy.proto.RangeReading;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.slf4j.LoggerFactory;

/** Garbage on a subscribed topic: counted, logged once per topic, nothing thrown, the stream goes on. */
class MalformedPayloadTest {
    @TempDir
    Path dir;

    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    private final Logger nodeLog = (Logger) LoggerFactory.getLogger(MqttNode.class);

    @BeforeEach
    void captureLog() {
        logged.start();
        nodeLog.addAppender(logged);
    }

    @AfterEach
    void releaseLog() {
        nodeLog.detachAppender(logged);
    }

    private List<String> warnings() {
        return logged.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
    }

    @ParameterizedTest
    @EnumSource(BrokerKind.class)
    void badPayloadsAreCountedLoggedOnceAndLaterMessagesStillArrive(BrokerKind kind) throws Exception {
        try (BrokerKind.Running broker = kind.start(dir);
                MqttNode node = MqttNode.start(NodeConfig.builder("base").namespace("robot1").broker(broker.url()).build());
                RawClient device = new RawClient(broker.url())) {
            LinkedBlockingQueue<RangeReading> got = new LinkedBlockingQueue<>();
            node.newSubscriber("range", RangeReading.class, (m, e) -> got.add(m));
            Envelope good = Envelope.newBuilder().setRangeReading(RangeReading.newBuilder().setRangeM(1.25f)).build();
            await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(50)).until(() -> {
                device.publish("robot1/range", good.toByteArray(), 1, false);
                return got.poll(50, TimeUnit.MILLISECONDS) != null;
            });
            got.clear();

            byte[] garbage = {(byte) 0xff, (byte) 0xff, (byte) 0xff, 0x01, 0x02};
            for (int i = 0; i < 3; i++) {
                device.publish("robot1/range", garbage, 1, false);
            }
            Envelope battery = Envelope.newBuilder().setBatteryState(BatteryState.newBuilder().setVoltage(11.1f)).build();
            device.publish("robot1/range", battery.toByteArray(), 1, false); // a valid Envelope of the wrong type
            device.publish("robot1/range", good.toByteArray(), 1, false);

            RangeReading after = got.poll(10, TimeUnit.SECONDS);
            assertThat(after).isNotNull();
            assertThat(after.getRangeM()).isEqualTo(1.25f);
            MessagingStats stats = node.stats();
            assertThat(stats.unparsable()).isEqualTo(3);
            assertThat(stats.wrongBody()).isEqualTo(1);
            assertThat(stats.connects()).isEqualTo(1); // the connection never dropped
            assertThat(stats.connectionLosses()).isZero();
            assertThat(warnings().stream().filter(w -> w.contains("is not a canopy.v1.Envelope"))).containsExactly(
                    "MQTT topic 'robot1/range': a payload of 5 bytes is not a canopy.v1.Envelope (at byte offset 4: Protocol"
                    + " message tag had invalid wire type); dropped and"
                    + " counted, further bad payloads on this topic are only counted. Publish serialized Envelopes here.");
            assertThat(warnings().stream().filter(w -> w.contains("expected an Envelope with body range_reading but got"
                    + " battery_state"))).hasSize(1);
        }
    }

    /** {@code mosquitto_pub -m stop}: the warning says it is text and how to send it, whichever way the bytes fail. */
    @Test
    void plainTextIsNamedAsTextWithTheWayToSendIt() {
        try (MqttNode node = MqttNode.start(NodeConfig.builder("base").namespace("robot1").broker("tcp://127.0.0.1:1")
                .reconnectBackoffMs(10_000, 10_000).build())) {
            Route route = new Route(node, "robot1/cmd");
            route.sinks.add(new Subscriber<>(node, "robot1/cmd", BodyCodec.of(io.canopy.proto.Event.class),
                    Qos.AT_LEAST_ONCE, (m, e) -> { }));
            route.onMessage("robot1/cmd", new org.eclipse.paho.client.mqttv3.MqttMessage("stop".getBytes()));
            route.onMessage("robot1/stop", new org.eclipse.paho.client.mqttv3.MqttMessage("34".getBytes()));
            assertThat(warnings().stream().filter(w -> w.contains("plain text"))).containsExactly(
                    "MQTT topic 'robot1/cmd': a payload of 4 bytes is plain text ('stop'), not a canopy.v1.Envelope;"
                    + " dropped and counted (further ones on this topic are only counted). Publish an Envelope (canopy"
                    + " pub TOPIC --event NAME), or declare the topic as text: <bind from=\"mqtt:...\" payload=\"text\" .../>",
                    "MQTT topic 'robot1/stop': a payload of 2 bytes is plain text ('34'), not a canopy.v1.Envelope;"
                    + " dropped and counted (further ones on this topic are only counted). Publish an Envelope (canopy"
                    + " pub TOPIC --event NAME), or declare the topic as text: <bind from=\"mqtt:...\" payload=\"text\" .../>");
            assertThat(node.stats().unparsable()).isEqualTo(2);
        }
    }

    @ParameterizedTest
    @EnumSource(BrokerKind.class)
    void aThrowingListenerIsCountedAndDoesNotDropTheConnection(BrokerKind kind) throws Exception {
        try (BrokerKind.Running broker = kind.start(dir);
                MqttNode node = MqttNode.start(NodeConfig.builder("base").namespace("robot1").broker(broker.url()).build())) {
            LinkedBlockingQueue<Float> got = new LinkedBlockingQueue<>();
            node.newSubscriber("range", RangeReading.class, (m, e) -> {
                if (m.getRangeM() < 0) {
                    throw new IllegalArgumentException("negative range");
                }
                got.add(m.getRangeM());
            });
            Publisher<RangeReading> pub = node.newPublisher("range", RangeReading.class, Qos.AT_LEAST_ONCE, false);
            await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(50)).until(() -> {
                pub.publish(RangeReading.newBuilder().setRangeM(1f).build());
                return got.poll(50, TimeUnit.MILLISECONDS) != null;
            });
            pub.publish(RangeReading.newBuilder().setRangeM(-1f).build());
            pub.publish(RangeReading.newBuilder().setRangeM(2f).build());
            await().atMost(Duration.ofSeconds(10)).until(() -> got.contains(2f));
            assertThat(node.stats().listenerErrors()).isEqualTo(1);
            assertThat(node.stats().connectionLosses()).isZero();
        }
    }
}

package io.canopy.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.canopy.InputException;
import io.canopy.messaging.broker.BrokerLimits;
import io.canopy.messaging.broker.EmbeddedBroker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** The node's own client does not send what the broker would refuse; one line per topic says so. */
class MessageSizeLimitTest {
    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    private final Logger log = (Logger) LoggerFactory.getLogger(MessageSizeLimit.class);

    @BeforeEach
    void capture() {
        logged.start();
        log.addAppender(logged);
    }

    @AfterEach
    void release() {
        log.detachAppender(logged);
    }

    @Test
    void theSizeIsMqttsRemainingLength() {
        assertThat(MessageSizeLimit.packetBytes("a/b", 10, 0)).isEqualTo(2 + 3 + 10);
        assertThat(MessageSizeLimit.packetBytes("a/b", 10, 1)).as("packet id").isEqualTo(2 + 3 + 2 + 10);
        assertThat(MessageSizeLimit.packetBytes("é", 0, 0)).as("UTF-8 bytes, not chars").isEqualTo(2 + 2);
    }

    @Test
    void overTheLimitIsRefusedCountedAndReportedOncePerTopic() {
        MessageSizeLimit limit = new MessageSizeLimit(1024);
        assertThat(limit.refuses("t", 1024 - 2 - 1 - 2, 1)).as("exactly the limit goes").isFalse();
        assertThat(limit.refuses("t", 1024 - 2 - 1 - 2 + 1, 1)).as("one byte more does not").isTrue();
        assertThat(limit.refuses("t", 5000, 0)).isTrue();
        assertThat(limit.refuses("u", 5000, 0)).isTrue();
        assertThat(limit.refused()).isEqualTo(3);
        assertThat(logged.list).extracting(ILoggingEvent::getFormattedMessage).hasSize(2).first().asString()
                .contains("1025 bytes on 't'", "over the 1 KB message limit", "raise <mqtt max_message_kb>");
    }

    @Test
    void aBadLimitSaysWhatToWrite() {
        assertThatThrownBy(() -> NodeConfig.builder("n").maxMessageBytes(10)).isInstanceOf(InputException.class)
                .hasMessageContaining("1 KB to 256 MB").hasMessageContaining("max_message_kb");
        assertThatThrownBy(() -> BrokerLimits.of(256, 0)).isInstanceOf(InputException.class)
                .hasMessageContaining("client_rate");
        assertThat(BrokerLimits.of(262_144, 1).maxMessageBytes()).as("256 MB is MQTT's ceiling, minus one byte")
                .isEqualTo(BrokerLimits.MQTT_MAX_BYTES);
    }

    /** A node publishing more than its limit stays connected: the broker never sees the message. */
    @Test
    void aNodeDoesNotSendAnOversizeMessageAndStaysConnected() throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.start(0);
                MqttNode node = MqttNode.start(NodeConfig.builder("big").namespace("robot1").broker(broker.url()).maxMessageBytes(4096).build());
                RawClient watcher = new RawClient(broker.url())) {
            watcher.subscribe("robot1/event");
            assertThat(node.awaitConnected(10_000)).isTrue();
            Publisher<io.canopy.proto.Event> pub = node.newPublisher("event", io.canopy.proto.Event.class);
            pub.publish(io.canopy.proto.Event.newBuilder().setName("huge")
                    .setPayload(com.google.protobuf.ByteString.copyFrom(new byte[8192])).build());
            pub.publish(io.canopy.proto.Event.newBuilder().setName("small").build());
            RawClient.Received got = watcher.received.poll(10, java.util.concurrent.TimeUnit.SECONDS);
            assertThat(got).as("the small one arrives").isNotNull();
            assertThat(io.canopy.proto.Envelope.parseFrom(got.payload()).getEvent().getName()).isEqualTo("small");
            assertThat(node.stats().connectionLosses()).as("the node was not disconnected").isZero();
            assertThat(logged.list).extracting(ILoggingEvent::getFormattedMessage).singleElement().asString()
                    .contains("'robot1/event'", "over the 4 KB message limit");
        }
    }
}

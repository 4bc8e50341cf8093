package io.canopy.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * A broker that is down when the node starts is logged at WARN, unless the caller (a command-line tool that
 * reports the failure itself as one line) asked for {@code warnFirstConnectFailure(false)}: then only at DEBUG.
 */
class FirstConnectFailureLogTest {
    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    private final Logger connectionLog = (Logger) LoggerFactory.getLogger(Connection.class);

    @BeforeEach
    void attach() {
        logged.start();
        connectionLog.addAppender(logged);
    }

    @AfterEach
    void detach() {
        connectionLog.detachAppender(logged);
    }

    private static String downBroker() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return "tcp://127.0.0.1:" + s.getLocalPort();
        }
    }

    private List<ILoggingEvent> notReachable() {
        return List.copyOf(logged.list).stream().filter(e -> e.getFormattedMessage().contains("not reachable")).toList();
    }

    @Test
    void aBrokerDownAtStartIsAWarningByDefault() throws IOException {
        try (MqttNode node = MqttNode.start(NodeConfig.builder("n").broker(downBroker()).announceState(false).build())) {
            await().until(() -> !notReachable().isEmpty());
            assertThat(notReachable().get(0).getLevel()).isEqualTo(Level.WARN);
        }
    }

    @Test
    void aToolThatReportsTheFailureItselfGetsOnlyADebugLine() throws IOException {
        String url = downBroker();
        try (MqttNode node = MqttNode.start(NodeConfig.builder("n").broker(url).announceState(false)
                .warnFirstConnectFailure(false).build())) {
            await().until(() -> !notReachable().isEmpty());
            assertThat(notReachable()).allSatisfy(e -> assertThat(e.getLevel()).isEqualTo(Level.DEBUG));
            assertThat(notReachable().get(0).getFormattedMessage()).startsWith("MQTT broker " + url + " not reachable (");
            assertThat(node.lastConnectionError()).contains("Connection refused");
        }
    }
}

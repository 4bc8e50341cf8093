package io.canopy.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.canopy.InputException;
import io.canopy.testkit.MosquittoProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * Issue #35 item 4: a Mosquitto with a password file refuses a wrong password (CONNACK 5) or an anonymous client. That
 * is a configuration error, said in one line naming the user and the fix: a one-shot client learns it at once (an
 * {@link InputException}, exit 2 on the command line) instead of waiting out its timeout as for an unreachable broker;
 * a running node keeps retrying (the broker's side may be fixed) and logs the reason once.
 */
class LoginRefusedTest {
    @TempDir
    static Path dir;
    static MosquittoProcess broker;

    @BeforeAll
    static void startBrokerWithPasswords() throws Exception {
        MosquittoProcess.requireInstalled();
        Process p = new ProcessBuilder("/usr/bin/mosquitto_passwd", "-b", "-c", dir.resolve("passwd").toString(),
                "robot1", "s3cret").redirectErrorStream(true).start();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        broker = MosquittoProcess.start(dir, List.of("allow_anonymous false", "password_file " + dir.resolve("passwd")));
    }

    @AfterAll
    static void stop() {
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void aOneShotClientWithAWrongPasswordLearnsItAtOnceInOneLine() {
        try (MqttNode node = MqttNode.start(NodeConfig.builder("tool").broker(broker.url()).announceState(false)
                .warnFirstConnectFailure(false).credentials("robot1", "guess".toCharArray()).build())) {
            assertThatThrownBy(() -> node.awaitConnected(60_000)).isInstanceOf(InputException.class)
                    .hasMessage("MQTT broker " + broker.url() + " refused user 'robot1': not authorized (CONNACK 5). This"
                            + " is a configuration error, not an outage: check the user's password and the broker's"
                            + " password file and ACL");
        }
    }

    @Test
    void anAnonymousClientIsToldToGiveAUser() {
        try (MqttNode node = MqttNode.start(NodeConfig.builder("tool").broker(broker.url()).announceState(false)
                .warnFirstConnectFailure(false).build())) {
            assertThatThrownBy(() -> node.awaitConnected(60_000)).isInstanceOf(InputException.class)
                    .hasMessageContaining("refused an anonymous client (no user name given)")
                    .hasMessageContaining("give --user NAME and --password-env VAR");
        }
    }

    @Test
    void aRunningNodeKeepsRetryingAndSaysTheRealReasonOnce() {
        Logger log = (Logger) LoggerFactory.getLogger(Connection.class);
        ListAppender<ILoggingEvent> seen = new ListAppender<>();
        seen.start();
        log.addAppender(seen);
        try (MqttNode node = MqttNode.start(NodeConfig.builder("controller").namespace("robot1").broker(broker.url())
                .credentials("robot1", "guess".toCharArray()).reconnectBackoffMs(20, 50).build())) {
            await().atMost(Duration.ofSeconds(20)).until(() -> node.stats().connectFailures() >= 4);
            assertThat(node.isConnected()).isFalse();
            assertThat(node.lastConnectionError()).contains("refused user 'robot1'", "CONNACK 5");
            List<String> lines = seen.list.stream().filter(e -> e.getLevel().isGreaterOrEqual(Level.WARN))
                    .map(ILoggingEvent::getFormattedMessage).toList();
            assertThat(lines).as("one line, not one per attempt, and never 'not reachable'").hasSize(1);
            assertThat(lines.get(0)).contains("refused user 'robot1'", "configuration error", "retrying every 50 ms")
                    .doesNotContain("not reachable");
        } finally {
            log.detachAppender(seen);
        }
    }
}

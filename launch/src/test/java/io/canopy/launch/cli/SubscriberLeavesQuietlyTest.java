package io.canopy.launch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.canopy.messaging.MqttNode;
import io.canopy.messaging.NodeConfig;
import io.canopy.messaging.Qos;
import io.canopy.messaging.broker.EmbeddedBroker;
import io.canopy.proto.Event;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * A subscriber leaving is normal: Ctrl-C on {@code canopy echo} (a real child process, SIGINT) or a client whose
 * connection is reset makes the node's embedded broker log nothing at ERROR and no stack trace.
 */
class SubscriberLeavesQuietlyTest {
    @TempDir
    Path dir;

    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    /** The root and the loggers that do not pass their events up (the broker's one-line appender). */
    private final List<Logger> loggers = List.of((Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME),
            (Logger) LoggerFactory.getLogger("io.moquette"), (Logger) LoggerFactory.getLogger("io.netty"));

    @BeforeEach
    void capture() {
        logged.start();
        loggers.forEach(l -> l.addAppender(logged));
    }

    @AfterEach
    void release() {
        loggers.forEach(l -> l.detachAppender(logged));
    }

    private List<String> errorsOrTraces() {
        return logged.list.stream().filter(e -> e.getLevel().isGreaterOrEqual(Level.ERROR) || e.getThrowableProxy() != null)
                .map(e -> e.getLevel() + " " + e.getLoggerName() + " " + e.getFormattedMessage()).toList();
    }

    @Test
    void ctrlCOnEchoLogsNoErrorAtTheBroker() throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.start(0);
                MqttNode node = MqttNode.start(NodeConfig.builder("controller").namespace("robot1").broker(broker.url()).build())) {
            assertThat(node.awaitConnected(10_000)).isTrue();
            var pub = node.newPublisher("~/tick", Event.class, Qos.AT_MOST_ONCE, false);
            Path out = dir.resolve("echo.out");
            // a Ctrl-C in a terminal reaches a process whose SIGINT is at its default; a test run from a background job
            // (bash -c '... &', a CI runner) would hand the child SIGINT *ignored*, and the JVM then installs no handler
            // and never exits on it: env --default-signal=INT gives the child what a terminal's foreground job has
            Process echo = new ProcessBuilder("env", "--default-signal=INT",
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                    System.getProperty("java.class.path"), CanopyMain.class.getName(), "echo", "robot1/#", "--broker", broker.url())
                    .redirectErrorStream(true).redirectOutput(out.toFile()).start();
            try {
                // publish until echo (subscribing at its own pace) shows a tick
                Awaitility.await("echo prints robot1/controller/tick").atMost(Duration.ofSeconds(30))
                        .pollInterval(Duration.ofMillis(50)).until(() -> {
                            pub.publish(Event.newBuilder().setName("tick").build());
                            return Files.readString(out).contains("robot1/controller/tick");
                        });
                new ProcessBuilder("kill", "-INT", Long.toString(echo.pid())).start().waitFor();
                assertThat(echo.waitFor(10, TimeUnit.SECONDS)).isTrue();
            } finally {
                echo.destroyForcibly();
            }
            for (int i = 0; i < 10; i++) { // the node goes on publishing while the broker sees the subscriber go
                pub.publish(Event.newBuilder().setName("tick").build());
                Thread.sleep(50);
            }
            String echoOutput = Files.readString(out, StandardCharsets.UTF_8);
            assertThat(echoOutput).doesNotContain("ERROR").doesNotContain("Exception").doesNotContain("\tat ");
        }
        assertThat(errorsOrTraces()).isEmpty();
    }

    @Test
    void aConnectionResetByAClientLogsNoErrorAtTheBroker() throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.start(0)) {
            URI u = URI.create(broker.url());
            for (int i = 0; i < 3; i++) {
                try (Socket s = new Socket()) {
                    s.connect(new InetSocketAddress(u.getHost(), u.getPort()), 5000);
                    OutputStream o = s.getOutputStream();
                    // CONNECT, MQTT 3.1.1, clean session, keepalive 30 s, empty client id
                    o.write(new byte[] {0x10, 12, 0, 4, 'M', 'Q', 'T', 'T', 4, 2, 0, 30, 0, 0});
                    o.flush();
                    s.getInputStream().read(new byte[4]); // CONNACK
                    s.setSoLinger(true, 0); // close() sends RST, as a killed process's socket does
                }
            }
            Thread.sleep(300);
        }
        assertThat(errorsOrTraces()).isEmpty();
    }
}

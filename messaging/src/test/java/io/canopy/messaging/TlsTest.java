package io.canopy.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.proto.Heartbeat;
import io.canopy.testkit.MosquittoProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TLS and username/password against a real Mosquitto: the test makes a self-signed certificate for
 * 127.0.0.1 with openssl and a password file with mosquitto_passwd, and the broker accepts only TLS clients
 * with the right password.
 */
class TlsTest {
    @TempDir
    static Path dir;
    static MosquittoProcess broker;

    @BeforeAll
    static void startTlsBroker() throws Exception {
        MosquittoProcess.requireInstalled();
        run("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
                "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
                "-keyout", dir.resolve("key.pem").toString(), "-out", dir.resolve("cert.pem").toString());
        run("/usr/bin/mosquitto_passwd", "-b", "-c", dir.resolve("passwd").toString(), "robot1", "s3cret");
        broker = MosquittoProcess.start(dir, List.of(
                "certfile " + dir.resolve("cert.pem"),
                "keyfile " + dir.resolve("key.pem"),
                "allow_anonymous false",
                "password_file " + dir.resolve("passwd")));
    }

    @AfterAll
    static void stop() {
        if (broker != null) {
            broker.close();
        }
    }

    private static void run(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(String.join(" ", cmd) + ": " + out).isZero();
    }

    private static String url() {
        return "ssl://127.0.0.1:" + broker.port();
    }

    @Test
    void aTlsClientWithTheRightPasswordTalks() throws Exception {
        try (MqttNode node = MqttNode.start(NodeConfig.builder("base").namespace("robot1").broker(url())
                .tlsCaFile(dir.resolve("cert.pem")).credentials("robot1", "s3cret".toCharArray()).build())) {
            LinkedBlockingQueue<Heartbeat> got = new LinkedBlockingQueue<>();
            node.newSubscriber("heartbeat", Heartbeat.class, (m, e) -> got.add(m));
            Publisher<Heartbeat> pub = node.newPublisher("heartbeat", Heartbeat.class, Qos.AT_LEAST_ONCE, false);
            assertThat(node.awaitConnected(10_000)).isTrue();
            await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(50)).until(() -> {
                pub.publish(Heartbeat.newBuilder().setUptimeMs(42).build());
                return got.poll(50, TimeUnit.MILLISECONDS) != null;
            });
            assertThat(node.stats().connectFailures()).isZero();
        }
    }

    @Test
    void aWrongPasswordIsRefused() throws Exception {
        try (MqttNode node = MqttNode.start(NodeConfig.builder("base").namespace("robot1").broker(url())
                .tlsCaFile(dir.resolve("cert.pem")).credentials("robot1", "guess".toCharArray())
                .reconnectBackoffMs(50, 100).build())) {
            await().atMost(Duration.ofSeconds(10)).until(() -> node.stats().connectFailures() >= 2);
            assertThat(node.isConnected()).isFalse();
        }
    }

    @Test
    void anUntrustedCertificateIsRefused() throws Exception {
        try (MqttNode node = MqttNode.start(NodeConfig.builder("base").namespace("robot1").broker(url())
                .credentials("robot1", "s3cret".toCharArray()).reconnectBackoffMs(50, 100).build())) {
            await().atMost(Duration.ofSeconds(10)).until(() -> node.stats().connectFailures() >= 2);
            assertThat(node.isConnected()).isFalse();
        }
    }

    @Test
    void plainTcpIsRefusedByATlsListener() throws Exception {
        try (MqttNode node = MqttNode.start(NodeConfig.builder("base").namespace("robot1").broker(broker.url())
                .credentials("robot1", "s3cret".toCharArray()).reconnectBackoffMs(50, 100).connectTimeoutS(2).build())) {
            await().atMost(Duration.ofSeconds(15)).until(() -> node.stats().connectFailures() >= 1);
            assertThat(node.isConnected()).isFalse();
        }
    }
}

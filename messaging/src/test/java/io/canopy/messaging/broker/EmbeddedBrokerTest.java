package io.canopy.messaging.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.canopy.InputException;
import io.canopy.messaging.MqttNode;
import io.canopy.messaging.NodeConfig;
import io.canopy.messaging.RawClient;
import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EmbeddedBrokerTest {
    private static boolean accepts(InetAddress host, int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static Optional<InetAddress> nonLoopbackAddress() throws IOException {
        for (NetworkInterface ni : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (!ni.isUp() || ni.isLoopback()) {
                continue;
            }
            for (InetAddress a : Collections.list(ni.getInetAddresses())) {
                if (a instanceof Inet4Address && !a.isLoopbackAddress()) {
                    return Optional.of(a);
                }
            }
        }
        return Optional.empty();
    }

    @Test
    void itListensOnLoopbackOnly() throws Exception {
        Optional<InetAddress> lan = nonLoopbackAddress();
        assumeTrue(lan.isPresent(), "this machine has no non-loopback IPv4 address to try");
        try (EmbeddedBroker broker = EmbeddedBroker.start(0)) {
            assertThat(accepts(InetAddress.getByName("127.0.0.1"), broker.port())).isTrue();
            assertThat(accepts(lan.get(), broker.port())).as("reachable on " + lan.get()).isFalse();
        }
    }

    @Test
    void itRunsWithoutTheDependenciesItDoesNotNeed() throws Exception {
        for (String excluded : List.of(
                "org.h2.mvstore.MVStore", // persistence
                "com.zaxxer.hikari.HikariDataSource",
                "com.codahale.metrics.MetricRegistry",
                "com.librato.metrics.client.LibratoClient",
                "com.fasterxml.jackson.databind.ObjectMapper",
                "com.bugsnag.Bugsnag",
                "org.apache.commons.codec.digest.DigestUtils",
                "org.apache.log4j.Logger", // reload4j and its SLF4J binding
                "io.netty.handler.codec.http.HttpServerCodec", // websocket
                "io.netty.channel.epoll.Epoll")) {
            assertThatThrownBy(() -> Class.forName(excluded)).as(excluded).isInstanceOf(ClassNotFoundException.class);
        }
        try (EmbeddedBroker broker = EmbeddedBroker.start(0); RawClient a = new RawClient(broker.url())) {
            a.subscribe("t/#");
            a.publish("t/1", new byte[] {1, 2, 3}, 1, true);
            RawClient.Received r = a.next();
            assertThat(r).isNotNull();
            assertThat(r.payload()).containsExactly(1, 2, 3);
            try (RawClient late = new RawClient(broker.url())) {
                late.subscribe("t/1");
                assertThat(late.next().payload()).containsExactly(1, 2, 3); // retained, in memory
            }
        }
    }

    @Test
    void aTakenPortIsAnInputErrorThatSaysWhatToDo() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            assertThatThrownBy(() -> EmbeddedBroker.start(taken.getLocalPort())).isInstanceOf(InputException.class)
                    .hasMessageStartingWith("embedded MQTT broker on 127.0.0.1:" + taken.getLocalPort() + " did not start (")
                    .hasMessageEndingWith("free the port or configure another one or a broker URL");
        }
    }

    @Test
    void aNodeWithoutBrokerStartsAndStopsItsOwn() throws Exception {
        int port;
        try (MqttNode node = MqttNode.start(NodeConfig.builder("solo").embeddedPort(0).build())) {
            assertThat(node.embeddedBroker()).isNotNull();
            port = node.embeddedBroker().port();
            assertThat(node.brokerUrl()).isEqualTo("tcp://127.0.0.1:" + port);
            assertThat(node.awaitConnected(10_000)).isTrue();
        }
        assertThat(accepts(InetAddress.getByName("127.0.0.1"), port)).isFalse();
    }

    /**
     * mosquitto's own clients without {@code -i} connect with an empty client id and a clean session, which MQTT
     * 3.1.1 allows: the embedded broker accepts them (it refused them before).
     */
    @Test
    void mosquittoClientsWithoutAClientIdConnect() throws Exception {
        assumeTrue(new java.io.File("/usr/bin/mosquitto_pub").canExecute(), "mosquitto-clients not installed: skipped");
        try (EmbeddedBroker broker = EmbeddedBroker.start(0)) {
            String port = Integer.toString(broker.port());
            Process sub = new ProcessBuilder("mosquitto_sub", "-h", "127.0.0.1", "-p", port, "-t", "t/empty-id", "-C", "1",
                    "-W", "10", "-V", "mqttv311").redirectErrorStream(true).start();
            String got = null;
            for (int attempt = 0; attempt < 50 && got == null; attempt++) { // until the subscriber is in place
                Process pub = new ProcessBuilder("mosquitto_pub", "-h", "127.0.0.1", "-p", port, "-t", "t/empty-id",
                        "-m", "hello", "-V", "mqttv311").redirectErrorStream(true).start();
                String pubOut = new String(pub.getInputStream().readAllBytes());
                assertThat(pub.waitFor()).as("mosquitto_pub without -i: %s", pubOut).isZero();
                if (sub.waitFor(200, java.util.concurrent.TimeUnit.MILLISECONDS)) {
                    got = new String(sub.getInputStream().readAllBytes()).strip();
                }
            }
            sub.destroy();
            assertThat(got).as("mosquitto_sub without -i received it").isEqualTo("hello");
        }
    }

    /** A 1 MB message is refused (its sender is disconnected); the broker keeps serving everyone else (issue #14). */
    @Test
    void aMessageOverTheSizeLimitIsRefusedAndTheBrokerGoesOn() throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.start(0)) {
            org.eclipse.paho.client.mqttv3.MqttClient big = new org.eclipse.paho.client.mqttv3.MqttClient(broker.url(), "big",
                    new org.eclipse.paho.client.mqttv3.persist.MemoryPersistence());
            big.setTimeToWait(5000); // a publish never waits forever for an acknowledgement that will not come
            big.connect();
            try {
                big.publish("t/big", new byte[1024 * 1024], 0, false);
            } catch (org.eclipse.paho.client.mqttv3.MqttException expected) {
                // the broker closed the connection
            }
            org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(10)).until(() -> !big.isConnected());
            big.close(true);
            org.eclipse.paho.client.mqttv3.MqttClient ok = new org.eclipse.paho.client.mqttv3.MqttClient(broker.url(), "ok",
                    new org.eclipse.paho.client.mqttv3.persist.MemoryPersistence());
            ok.setTimeToWait(10_000);
            ok.connect();
            java.util.concurrent.BlockingQueue<byte[]> got = new java.util.concurrent.LinkedBlockingQueue<>();
            ok.subscribe("t/small", 1, (t, m) -> got.add(m.getPayload()));
            ok.publish("t/small", new byte[16 * 1024], 1, false);
            assertThat(got.poll(10, java.util.concurrent.TimeUnit.SECONDS)).as("the broker goes on: a 16 KB message goes through")
                    .hasSize(16 * 1024);
            ok.disconnect();
            ok.close();
        }
    }
}

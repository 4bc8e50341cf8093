package io.canopy.messaging.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.messaging.MqttNode;
import io.canopy.messaging.NodeConfig;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.Test;

/**
 * A launch file's broker ({@link EmbeddedBroker#startForNodes}) runs one session loop and no interceptor thread,
 * and still serves several clients (whose ids hashed to different loops before), retained messages and the
 * session-loop revival; a node's keep-alive pings run on its connection's IO thread (no "MQTT Ping" thread) and
 * keep an idle connection up.
 */
class BrokerSizingTest {
    private static Object sessionLoops(EmbeddedBroker broker) throws Exception {
        Object server = SessionLoopRevival.field(broker, "server");
        return SessionLoopRevival.field(SessionLoopRevival.field(server, "dispatcher"), "sessionLoops");
    }

    private static int loopCount(EmbeddedBroker broker) throws Exception {
        Object group = sessionLoops(broker);
        Method count = group.getClass().getDeclaredMethod("getEventLoopCount");
        count.setAccessible(true);
        return (int) count.invoke(group);
    }

    @Test
    void aNodesBrokerHasOneSessionLoopAndNoInterceptorThreadAndServesEveryClient() throws Exception {
        try (EmbeddedBroker fleet = EmbeddedBroker.start(0)) {
            assertThat(loopCount(fleet)).as("a fleet's broker keeps one loop per CPU")
                    .isEqualTo(Runtime.getRuntime().availableProcessors());
        }
        try (EmbeddedBroker broker = EmbeddedBroker.startForNodes(0)) {
            assertThat(loopCount(broker)).isEqualTo(1);
            assertThat(((Thread[]) SessionLoopRevival.field(sessionLoops(broker), "sessionExecutors"))).hasSize(1);
            Object interceptor = SessionLoopRevival.field(SessionLoopRevival.field(broker, "server"), "interceptor");
            assertThat(SessionLoopRevival.field(interceptor, "executor")).isNotInstanceOf(java.util.concurrent.ThreadPoolExecutor.class)
                    .isInstanceOf(ExecutorService.class);

            List<MqttClient> clients = new ArrayList<>();
            LinkedBlockingQueue<String> got = new LinkedBlockingQueue<>();
            try {
                for (int i = 0; i < 6; i++) { // ids that spread over every loop of a larger group
                    MqttClient c = new MqttClient(broker.url(), "sizing-" + i, new MemoryPersistence());
                    MqttConnectOptions o = new MqttConnectOptions();
                    o.setConnectionTimeout(5);
                    c.connect(o);
                    String me = "sizing-" + i;
                    c.subscribe("sizing/all", 1, (t, m) -> got.add(me + ":" + new String(m.getPayload(), StandardCharsets.UTF_8)));
                    clients.add(c);
                }
                clients.get(0).publish("sizing/all", "hello".getBytes(StandardCharsets.UTF_8), 1, true);
                List<String> seen = new ArrayList<>();
                for (int i = 0; i < 6; i++) {
                    seen.add(got.poll(10, TimeUnit.SECONDS));
                }
                assertThat(seen).containsExactlyInAnyOrder("sizing-0:hello", "sizing-1:hello", "sizing-2:hello",
                        "sizing-3:hello", "sizing-4:hello", "sizing-5:hello");
                MqttClient late = new MqttClient(broker.url(), "sizing-late", new MemoryPersistence());
                late.connect();
                LinkedBlockingQueue<String> retained = new LinkedBlockingQueue<>();
                late.subscribe("sizing/all", 1, (t, m) -> retained.add(new String(m.getPayload(), StandardCharsets.UTF_8)));
                assertThat(retained.poll(10, TimeUnit.SECONDS)).isEqualTo("hello");
                clients.add(late);
            } finally {
                for (MqttClient c : clients) {
                    c.disconnect();
                    c.close();
                }
            }
        }
    }

    @Test
    void keepAlivePingsRunOnTheIoThreadAndKeepAnIdleConnectionUp() throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.startForNodes(0)) {
            MqttNode node = MqttNode.start(NodeConfig.builder("pinger").namespace("sizing").broker(broker.url()).keepAliveS(1).build());
            try {
                await().atMost(Duration.ofSeconds(10)).until(node::isConnected);
                // the broker drops a client silent for 1.5 keep-alive periods: without pings it would reconnect
                await().during(Duration.ofSeconds(4)).atMost(Duration.ofSeconds(6))
                        .until(() -> node.isConnected() && node.stats().connects() == 1 && node.stats().connectionLosses() == 0);
                assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().startsWith("MQTT Ping"));
            } finally {
                node.close();
            }
        }
    }
}

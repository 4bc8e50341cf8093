package io.canopy.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.messaging.broker.BrokerLimits;
import io.canopy.messaging.broker.EmbeddedBroker;
import java.util.concurrent.TimeUnit;
import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue #14 point 3: a 100,000-message QoS 0 flood, then the node and the embedded broker stop. The stop times are
 * printed, with the per-client limit at its default and effectively off (10 M/s), and bounded only loosely (the
 * host running the tests may be loaded): the point is that stopping never waits for the flood's queues.
 */
class BrokerStopUnderFloodTest {
    @ParameterizedTest
    @ValueSource(ints = {2000, 10_000_000})
    void aFloodThenStopReturnsPromptly(int clientRate) throws Exception {
        EmbeddedBroker broker = EmbeddedBroker.start(0, new BrokerLimits(256 * 1024, clientRate));
        MqttNode node = MqttNode.start(NodeConfig.builder("listener").namespace("robot1").broker(broker.url()).build());
        node.newRawSubscriber("telemetry", Qos.AT_MOST_ONCE, (topic, payload, retained) -> {});
        assertThat(node.awaitConnected(10_000)).isTrue();
        MqttAsyncClient flood = new MqttAsyncClient(broker.url(), "flood", new MemoryPersistence());
        MqttConnectOptions o = new MqttConnectOptions();
        o.setMaxInflight(65_000);
        flood.connect(o).waitForCompletion(10_000);
        int n = 100_000;
        long sendStart = System.nanoTime();
        int sent = 0;
        try {
            for (; sent < n; sent++) {
                flood.publish("robot1/telemetry", new byte[64], 0, false);
            }
        } catch (MqttException full) {
            // Paho's own queue is full: enough of a flood
        }
        long sendMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sendStart);

        long t0 = System.nanoTime();
        node.close();
        long nodeMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        long t1 = System.nanoTime();
        broker.close();
        long brokerMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t1);
        flood.disconnectForcibly(0, 100);
        flood.close(true);
        System.out.printf("client_rate %d: %d QoS 0 sent in %d ms, %d shed; node stop %d ms, broker stop %d ms%n", clientRate,
                sent, sendMs, broker.rateLimit().droppedTelemetry(), nodeMs, brokerMs);
        if (clientRate == 2000 && sendMs < sent / 5) {
            assertThat(broker.rateLimit().droppedTelemetry()).as("faster than 2,000/s on average: some were shed")
                    .isPositive();
        }
        assertThat(nodeMs + brokerMs).as("stopping does not wait for the flood (loose bound on a loaded host)")
                .isLessThan(10_000);
    }
}

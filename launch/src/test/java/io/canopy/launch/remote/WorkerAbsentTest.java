package io.canopy.launch.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.Test;

/** No worker when the goal would be sent: the node fails with the reason, it never hangs. */
class WorkerAbsentTest extends RemoteHarness {
    @Override
    Worker startWorker(String brokerUrl, String topic) {
        return null;
    }

    @Test
    void noWorkerOnlineWithinWorkerTimeoutFailsTheNodeNamingTheTopic() throws Exception {
        startNode(OUTCOME.formatted("0"), "3,4", 300);
        await().atMost(WAIT).until(() -> bb("outcome") != null);
        assertThat(bb("outcome")).isEqualTo("failure");
        assertThat(messages()).anyMatch(m -> m.contains("'plan' (ComputePathToPose on " + TOPIC + ") failed: no worker online:"
                + " nothing said online on " + TOPIC + "/worker within 300 ms"));
    }

    @Test
    void aWorkerWhoseRetainedStatusIsOfflineFailsTheNodeAtOnce() throws Exception {
        try (MqttClient c = new MqttClient(brokerUrl(), "old-will", new MemoryPersistence())) {
            c.connect();
            MqttMessage offline = new MqttMessage("offline".getBytes(StandardCharsets.UTF_8));
            offline.setRetained(true);
            offline.setQos(1);
            c.publish(TOPIC + "/worker", offline);
            c.disconnect();
        }
        startNode(OUTCOME.formatted("0"), "3,4", 600_000); // fails long before this timeout
        await().atMost(WAIT).until(() -> bb("outcome") != null);
        assertThat(bb("outcome")).isEqualTo("failure");
        assertThat(messages()).anyMatch(m -> m.contains("failed: the worker is offline (" + TOPIC + "/worker says offline)"));
    }
}

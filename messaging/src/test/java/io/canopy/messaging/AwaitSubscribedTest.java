package io.canopy.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.testkit.MosquittoProcess;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A tool's time window starts once the broker has its subscription (SUBACK), not when it asked for it. */
class AwaitSubscribedTest {
    @TempDir
    Path dir;

    @Test
    void aSubscriptionIsAcknowledgedOnAConnectedNodeAndNotOnAnUnreachableOne() throws Exception {
        int port = MosquittoProcess.freePort();
        try (MqttNode node = MqttNode.start(NodeConfig.builder("tool").embeddedPort(port).build())) {
            assertThat(node.awaitConnected(10_000)).isTrue();
            Subscription sub = node.newRawSubscriber("/robot1/#", Qos.AT_LEAST_ONCE, (t, p, r) -> { });
            assertThat(sub.awaitSubscribed(10_000)).isTrue();
            sub.close();
        }
        try (MqttNode away = MqttNode.start(NodeConfig.builder("tool").broker("tcp://127.0.0.1:1").reconnectBackoffMs(10_000, 10_000)
                .warnFirstConnectFailure(false).build())) {
            Subscription sub = away.newRawSubscriber("/robot1/#", Qos.AT_LEAST_ONCE, (t, p, r) -> { });
            assertThat(sub.awaitSubscribed(200)).as("no broker, no acknowledgement").isFalse();
        }
    }

    /**
     * Issue #28 item 6: a broker slow to acknowledge (a proxy holds Mosquitto's SUBACK back). The subscription is not
     * acknowledged while the SUBACK is held, however long the wait, and is once it arrives.
     */
    @Test
    void awaitSubscribedWaitsForTheBrokersSuback() throws Exception {
        try (MosquittoProcess broker = MosquittoProcess.start(dir);
                SubackHoldingProxy proxy = new SubackHoldingProxy(broker.port());
                MqttNode node = MqttNode.start(NodeConfig.builder("tool").broker(proxy.url()).announceState(false).build())) {
            assertThat(node.awaitConnected(10_000)).isTrue();
            Subscription sub = node.newRawSubscriber("/robot1/#", Qos.AT_LEAST_ONCE, (t, p, r) -> { });
            await().atMost(Duration.ofSeconds(10)).until(proxy::subackSeen); // the broker has answered; it is held
            assertThat(sub.awaitSubscribed(500)).as("the SUBACK is held back by the proxy").isFalse();
            proxy.release();
            assertThat(sub.awaitSubscribed(10_000)).as("the SUBACK arrived").isTrue();
        }
    }
}

package io.canopy.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.testkit.MosquittoProcess;
import org.junit.jupiter.api.Test;

/** A tool's time window starts once the broker has its subscription (SUBACK), not when it asked for it. */
class AwaitSubscribedTest {
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
}

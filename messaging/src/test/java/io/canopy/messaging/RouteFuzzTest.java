package io.canopy.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.BugDetectors;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.canopy.proto.RangeReading;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.junit.jupiter.api.AfterAll;

/**
 * Any payload on a subscribed topic: never throws into Paho's thread, and is accounted for exactly once
 * (delivered, wrong body, unparsable or expired). {@code mvn verify} runs the seeds in
 * {@code src/test/resources/io/canopy/messaging/RouteFuzzTestInputs/}; a real run:
 * {@code JAZZER_FUZZ=1 mvn -pl messaging -am test -Dtest=RouteFuzzTest -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class RouteFuzzTest {
    // never connects (nothing listens on port 1): the route is driven directly, as Paho's thread would
    private static final MqttNode NODE = MqttNode.start(NodeConfig.builder("fuzz").broker("tcp://127.0.0.1:1")
            .reconnectBackoffMs(10_000, 10_000).build());
    private static final Route ROUTE = new Route(NODE, "robot1/range");

    static {
        ROUTE.sinks.add(new Subscriber<>(NODE, "robot1/range", BodyCodec.of(RangeReading.class), Qos.AT_MOST_ONCE,
                (m, e) -> {
                    if (m.getRangeM() < 0) {
                        throw new IllegalArgumentException("a listener that throws");
                    }
                }));
    }

    @AfterAll
    static void close() {
        NODE.close();
    }

    private static long accounted(MessagingStats s) {
        return s.received() + s.wrongBody() + s.unparsable() + s.expiredRequests() + s.duplicates();
    }

    @FuzzTest(maxDuration = "10s")
    void anyPayloadIsAccountedForOnceAndNeverThrows(byte[] payload) {
        // the node only ever tries (and fails) to reach 127.0.0.1:1; Jazzer's SSRF detector would flag it
        BugDetectors.allowNetworkConnections((host, port) -> port == 1
                && (host.equals("127.0.0.1") || host.equals("localhost")));
        long before = accounted(NODE.stats());
        ROUTE.onMessage("robot1/range", new MqttMessage(payload));
        assertThat(accounted(NODE.stats())).isEqualTo(before + 1);
    }
}

package io.canopy.messaging.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.canopy.messaging.MqttNode;
import io.canopy.messaging.NoDelaySockets;
import io.canopy.messaging.NodeConfig;
import io.canopy.messaging.Publisher;
import io.canopy.messaging.Qos;
import io.canopy.messaging.RawClient;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * Issue #14 point 3, with real Paho clients against the embedded broker: a client flooding at QoS 0 is shed while
 * another client's QoS 1 commands all arrive; QoS 1 is shed only above four times the rate; an oversize message is
 * one WARN line per client, without a stack trace; the node's own client is exempt.
 */
class BrokerRateLimitTest {
    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    private final Logger log = (Logger) LoggerFactory.getLogger(BrokerRateLimit.class);

    @BeforeEach
    void capture() {
        logged.start();
        log.addAppender(logged);
    }

    @AfterEach
    void release() {
        log.detachAppender(logged);
    }

    private List<String> lines(String containing) {
        return logged.list.stream().map(ILoggingEvent::getFormattedMessage).filter(l -> l.contains(containing)).toList();
    }

    private static MqttAsyncClient client(String url, String id) throws MqttException {
        MqttAsyncClient c = new MqttAsyncClient(url, id, new MemoryPersistence());
        MqttConnectOptions o = new MqttConnectOptions();
        o.setCleanSession(true);
        o.setMaxInflight(65_000);
        o.setSocketFactory(NoDelaySockets.plain(true));
        c.connect(o).waitForCompletion(10_000);
        return c;
    }

    /** Subscribes {@code filter} and returns the payloads that arrive, once a probe message got through. */
    private static Set<String> watch(MqttAsyncClient c, String filter, String probeTopic) throws Exception {
        Set<String> got = ConcurrentHashMap.newKeySet();
        c.subscribe(filter, 1, (t, m) -> got.add(t + " " + new String(m.getPayload()))).waitForCompletion(10_000);
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(50)).until(() -> {
            c.publish(probeTopic, "probe".getBytes(), 1, false);
            return got.remove(probeTopic + " probe");
        });
        return got;
    }

    @Test
    void aQos0FloodIsShedWhileAnotherClientsQos1CommandsAllArrive() throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.start(0, new BrokerLimits(256 * 1024, 200))) {
            MqttAsyncClient watcher = client(broker.url(), "watcher");
            Set<String> got = watch(watcher, "robot1/#", "robot1/probe");
            MqttAsyncClient flood = client(broker.url(), "flood");
            MqttAsyncClient operator = client(broker.url(), "operator");
            int floodN = 20_000;
            int commands = 150; // under the 200/s budget even when sent at once: none may be lost
            Thread flooder = new Thread(() -> {
                try {
                    for (int i = 0; i < floodN; i++) {
                        flood.publish("robot1/telemetry", ("t" + i).getBytes(), 0, false);
                    }
                } catch (MqttException e) {
                    throw new IllegalStateException(e);
                }
            });
            flooder.start();
            for (int i = 0; i < commands; i++) {
                operator.publish("robot1/cmd/stop", ("c" + i).getBytes(), 1, false);
            }
            flooder.join(60_000);
            await().atMost(Duration.ofSeconds(20)).until(
                    () -> got.stream().filter(s -> s.startsWith("robot1/cmd/stop ")).count() == commands);

            BrokerRateLimit limit = broker.rateLimit();
            long telemetryIn = got.stream().filter(s -> s.startsWith("robot1/telemetry ")).count();
            System.out.printf("flood: %d QoS 0 sent, %d routed, %d shed; operator: %d/%d QoS 1 delivered, %d shed%n", floodN,
                    telemetryIn, limit.droppedTelemetry("flood"), commands, commands, limit.droppedCommands("operator"));
            assertThat(limit.droppedTelemetry("flood")).as("the flood is shed").isGreaterThan(floodN / 2);
            assertThat(telemetryIn).as("what was shed never reached a subscriber")
                    .isLessThanOrEqualTo(floodN - limit.droppedTelemetry("flood"));
            assertThat(limit.droppedCommands("flood")).isZero();
            assertThat(limit.droppedTelemetry("operator") + limit.droppedCommands("operator")).isZero();
            assertThat(limit.droppedTelemetry("watcher") + limit.droppedCommands("watcher")).isZero();
            assertThat(lines("client 'flood'")).as("one line per client per 10 s").hasSize(1).first().asString()
                    .contains("over its limit of 200 msg/s (QoS 0) and 800 msg/s (QoS 1/2)", "dropped ", " QoS 0 and 0 QoS 1/2 of its ",
                            "raise <mqtt client_rate>");
            assertThat(lines("'operator'")).isEmpty();

            flood.disconnect().waitForCompletion(10_000);
            await().atMost(Duration.ofSeconds(10)).until(() -> lines("client 'flood'").size() == 2);
            assertThat(lines("client 'flood'").get(1)).as("the rest is reported when it leaves")
                    .contains("before it disconnected");
            for (MqttAsyncClient c : List.of(flood, operator, watcher)) {
                if (c.isConnected()) {
                    c.disconnect().waitForCompletion(10_000);
                }
                c.close();
            }
        }
    }

    @Test
    void qos1IsShedOnlyAboveFourTimesTheRateAndIsNotAcknowledged() throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.start(0, new BrokerLimits(256 * 1024, 50))) {
            MqttAsyncClient burst = client(broker.url(), "burst");
            int n = 1000;
            AtomicInteger acked = new AtomicInteger();
            for (int i = 0; i < n; i++) {
                // the listener goes in with the publish: set on the returned token, a PUBACK that came back first
                // would never be counted
                burst.publish("robot1/cmd/go", ("c" + i).getBytes(), 1, false, null,
                        new org.eclipse.paho.client.mqttv3.IMqttActionListener() {
                            @Override
                            public void onSuccess(org.eclipse.paho.client.mqttv3.IMqttToken t) {
                                acked.incrementAndGet();
                            }

                            @Override
                            public void onFailure(org.eclipse.paho.client.mqttv3.IMqttToken t, Throwable e) {}
                        });
            }
            BrokerRateLimit limit = broker.rateLimit();
            // every publish is acknowledged or shed, none left without a PUBACK: wait for exactly that
            await().atMost(Duration.ofSeconds(40)).pollInterval(Duration.ofMillis(100))
                    .until(() -> acked.get() + limit.droppedCommands("burst") == n);
            System.out.printf("QoS 1 burst of %d at limit 50/s (hard 200/s): %d acknowledged, %d shed%n", n, acked.get(),
                    limit.droppedCommands("burst"));
            assertThat(acked.get()).as("the 200 burst of the hard limit, plus what refilled").isBetween(200, 900);
            // exact: a publish the limiter admits is acknowledged; one Moquette's full session queue would refuse
            // (without a PUBACK, uncounted) is shed and counted by the limiter instead
            assertThat(limit.droppedCommands("burst")).as("shed = published - acknowledged")
                    .isEqualTo((long) n - acked.get());
            assertThat(limit.droppedTelemetry("burst")).isZero();
            burst.disconnectForcibly(0, 1000);
            burst.close();
        }
    }

    @Test
    void anOversizeMessageIsOneWarnLinePerClientWithoutATrace() throws Exception {
        ch.qos.logback.classic.Logger moquette = (Logger) LoggerFactory.getLogger("io.moquette");
        ListAppender<ILoggingEvent> moquetteLog = new ListAppender<>();
        moquetteLog.start();
        moquette.addAppender(moquetteLog);
        try (EmbeddedBroker broker = EmbeddedBroker.start(0, BrokerLimits.of(64, 5000))) {
            for (int attempt = 0; attempt < 3; attempt++) {
                MqttClient big = new MqttClient(broker.url(), "big", new MemoryPersistence());
                big.setTimeToWait(5000);
                big.connect();
                try {
                    big.publish("t/big", new byte[100 * 1024], 0, false);
                } catch (MqttException cutOff) {
                    // the broker closed the connection
                }
                await().atMost(Duration.ofSeconds(10)).until(() -> !big.isConnected());
                big.close(true);
            }
            try (RawClient ok = new RawClient(broker.url())) {
                ok.subscribe("t/small");
                ok.publish("t/small", new byte[60 * 1024], 1, false);
                assertThat(ok.received.poll(10, java.util.concurrent.TimeUnit.SECONDS)).as("under the limit goes through")
                        .isNotNull();
            }
            assertThat(broker.rateLimit().refused()).isEqualTo(3);
        } finally {
            moquette.detachAppender(moquetteLog);
        }
        assertThat(lines("client 'big'")).as("three attempts, one line").singleElement().asString()
                .contains("over the 64 KB limit", "too large message", "raise <mqtt max_message_kb>");
        assertThat(logged.list).allMatch(e -> e.getThrowableProxy() == null);
        assertThat(moquetteLog.list.stream().filter(e -> e.getLevel().isGreaterOrEqual(ch.qos.logback.classic.Level.ERROR)))
                .as("Moquette's 'invalid massage' ERROR with its trace is gone").isEmpty();
    }

    @Test
    void onlyUnreadablePacketsAreTakenFromMoquettesErrorHandling() {
        assertThat(BrokerRateLimit.unreadablePacket(new java.io.IOException("invalid massage",
                new io.netty.handler.codec.TooLongFrameException("too large message: 1048595 bytes")))).isTrue();
        assertThat(BrokerRateLimit.unreadablePacket(new io.netty.handler.codec.DecoderException("bad"))).isTrue();
        assertThat(BrokerRateLimit.unreadablePacket(new java.io.IOException("Connection reset by peer")))
                .as("a client that left: Moquette's handler and the launcher's ClientResetFilter deal with it").isFalse();
        assertThat(BrokerRateLimit.unreadablePacket(new java.io.IOException("Broken pipe"))).isFalse();
    }

    @Test
    void theNodesOwnClientIsExempt() throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.start(0, new BrokerLimits(256 * 1024, 20));
                MqttNode node = MqttNode.start(NodeConfig.builder("fast").namespace("robot1").broker(broker.url()).build());
                RawClient watcher = new RawClient(broker.url())) {
            assertThat(node.awaitConnected(10_000)).isTrue();
            watcher.subscribe("robot1/done");
            Publisher<io.canopy.proto.Event> pub = node.newPublisher("tick", io.canopy.proto.Event.class, Qos.AT_MOST_ONCE,
                    false);
            for (int i = 0; i < 2000; i++) {
                pub.publish(io.canopy.proto.Event.newBuilder().setName("t").build());
            }
            // the limiter sees a client's packets in order: once the last one arrived, it has seen all 2,000
            node.newPublisher("done", io.canopy.proto.Event.class, Qos.AT_LEAST_ONCE, false)
                    .publish(io.canopy.proto.Event.newBuilder().setName("done").build());
            assertThat(watcher.received.poll(10, java.util.concurrent.TimeUnit.SECONDS)).isNotNull();
            assertThat(broker.rateLimit().droppedTelemetry()).as("2,000 at once against a limit of 20/s").isZero();
            assertThat(lines("fast")).isEmpty();
        }
    }

    /** A publish shed for a full session queue is reported as the broker's overload, not as the client's rate. */
    @Test
    void dropsForAFullSessionQueueAreNotBlamedOnTheClientsRate() {
        BrokerRateLimit limiter = new BrokerRateLimit(new BrokerLimits(256 * 1024, 2000));
        limiter.watch(new java.util.concurrent.ArrayBlockingQueue<>(BrokerRateLimit.QUEUE_HEADROOM - 1)); // no room
        BrokerRateLimit.Client quiet = limiter.new Client("canopy-robot1-controller", false, 0);
        assertThat(quiet.admit(0, 1_000_000)).isFalse();
        assertThat(quiet.admit(1, 2_000_000)).isFalse();
        quiet.reportRest(3_000_000);
        List<String> reported = lines("canopy-robot1-controller");
        assertThat(reported).as("the first drop at once, the rest when the client leaves").hasSize(2);
        assertThat(reported.get(0)).contains("no room in its session queue", "dropped 1 QoS 0 and 0 QoS 1/2 of client"
                + " 'canopy-robot1-controller''s 1 publishes", "the broker is overloaded");
        assertThat(reported.get(1)).contains("dropped 0 QoS 0 and 1 QoS 1/2", "before it disconnected");
        assertThat(reported).noneMatch(l -> l.contains("over its limit"));
    }
}

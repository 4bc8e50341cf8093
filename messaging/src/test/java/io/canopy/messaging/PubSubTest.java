package io.canopy.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.google.protobuf.Message;
import io.canopy.proto.Envelope;
import io.canopy.proto.Event;
import io.canopy.proto.MotorCommand;
import io.canopy.proto.RangeReading;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Publish/subscribe through both real brokers: every body type, latched topics, wildcards, deadlines. */
class PubSubTest {
    @TempDir
    Path dir;

    static NodeConfig.Builder config(String node, String url) {
        return NodeConfig.builder(node).namespace("robot1").broker(url);
    }

    @ParameterizedTest
    @EnumSource(BrokerKind.class)
    void everyBodyTypeMakesTheRoundTrip(BrokerKind kind) throws Exception {
        try (BrokerKind.Running broker = kind.start(dir);
                MqttNode sender = MqttNode.start(config("sender", broker.url()).build());
                MqttNode receiver = MqttNode.start(config("receiver", broker.url()).build())) {
            List<Message> samples = Samples.everyBodyType();
            ConcurrentHashMap<String, Message> got = new ConcurrentHashMap<>();
            ConcurrentHashMap<String, Envelope> headers = new ConcurrentHashMap<>();
            for (Message sample : samples) {
                String name = "types/" + sample.getDescriptorForType().getName();
                subscribe(receiver, name, sample.getClass(), got, headers);
            }
            assertThat(receiver.awaitConnected(10_000)).isTrue();
            assertThat(sender.awaitConnected(10_000)).isTrue();
            awaitSubscribed(receiver, sender);
            for (Message sample : samples) {
                publish(sender, "types/" + sample.getDescriptorForType().getName(), sample);
            }
            await().atMost(Duration.ofSeconds(10)).until(() -> got.size() == samples.size());
            for (Message sample : samples) {
                String name = sample.getDescriptorForType().getName();
                assertThat(got.get(name)).as(name).isEqualTo(sample);
                assertThat(headers.get(name).getSource()).isEqualTo("robot1/sender");
                assertThat(headers.get(name).getStampNs()).isPositive();
            }
            assertThat(receiver.stats().unparsable()).isZero();
            assertThat(receiver.stats().wrongBody()).isZero();
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void subscribe(MqttNode node, String name, Class type, ConcurrentHashMap<String, Message> got,
            ConcurrentHashMap<String, Envelope> headers) {
        node.newSubscriber(name, type, (MessageListener) (m, env) -> {
            String n = ((Message) m).getDescriptorForType().getName();
            headers.put(n, (Envelope) env);
            got.put(n, (Message) m);
        });
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void publish(MqttNode node, String name, Message sample) {
        ((Publisher) node.newPublisher(name, sample.getClass(), Qos.AT_LEAST_ONCE, false)).publish(sample);
    }

    /** Subscriptions are asynchronous: wait until a probe message on a probe topic gets through. */
    static void awaitSubscribed(MqttNode receiver, MqttNode sender) {
        LinkedBlockingQueue<Event> probes = new LinkedBlockingQueue<>();
        Subscriber<Event> probe = receiver.newSubscriber("/probe/" + receiver.name(), Event.class, (m, e) -> probes.add(m));
        Publisher<Event> pub = sender.newPublisher("/probe/" + receiver.name(), Event.class);
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(50)).until(() -> {
            pub.publish(Event.newBuilder().setName("probe").build());
            return probes.poll(50, TimeUnit.MILLISECONDS) != null;
        });
        probe.close();
    }

    @ParameterizedTest
    @EnumSource(BrokerKind.class)
    void stateIsRetainedOnlineThenOfflineOnCleanShutdown(BrokerKind kind) throws Exception {
        try (BrokerKind.Running broker = kind.start(dir)) {
            MqttNode node = MqttNode.start(config("controller", broker.url()).build());
            assertThat(node.awaitConnected(10_000)).isTrue();
            try (RawClient watcher = new RawClient(broker.url()).subscribe("robot1/controller/state")) {
                RawClient.Received first = watcher.next();
                assertThat(first.text()).isEqualTo("online"); // published before this subscription: retained
                node.close();
                assertThat(watcher.next().text()).isEqualTo("offline");
            }
            try (RawClient late = new RawClient(broker.url()).subscribe("robot1/controller/state")) {
                RawClient.Received retained = late.next();
                assertThat(retained.text()).isEqualTo("offline");
                if (kind == BrokerKind.MOSQUITTO) { // Moquette 0.17 delivers retained messages without the flag
                    assertThat(retained.retained()).isTrue();
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(BrokerKind.class)
    void aRetainedPublisherLatchesItsLastMessageForLateSubscribers(BrokerKind kind) throws Exception {
        try (BrokerKind.Running broker = kind.start(dir);
                MqttNode talker = MqttNode.start(config("talker", broker.url()).build())) {
            Publisher<RangeReading> latched = talker.newPublisher("~range", RangeReading.class, Qos.AT_LEAST_ONCE, true);
            assertThat(latched.topic()).isEqualTo("robot1/talker/range");
            LinkedBlockingQueue<Float> own = new LinkedBlockingQueue<>();
            talker.newSubscriber("~range", RangeReading.class, (m, e) -> own.add(m.getRangeM()));
            awaitSubscribed(talker, talker);
            latched.publish(RangeReading.newBuilder().setSensorId(1).setRangeM(0.5f).build());
            latched.publish(RangeReading.newBuilder().setSensorId(1).setRangeM(0.75f).build());
            // once the talker got its own second message back, the broker has retained it
            await().atMost(Duration.ofSeconds(10)).until(() -> own.contains(0.75f));
            try (MqttNode late = MqttNode.start(config("late", broker.url()).build())) {
                LinkedBlockingQueue<RangeReading> got = new LinkedBlockingQueue<>();
                late.newSubscriber("talker/range", RangeReading.class, (m, e) -> got.add(m));
                RangeReading r = got.poll(10, TimeUnit.SECONDS);
                assertThat(r).isNotNull();
                assertThat(r.getRangeM()).isEqualTo(0.75f);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(BrokerKind.class)
    void wildcardSubscriptionsAndRemappingsReachAcrossNamespaces(BrokerKind kind) throws Exception {
        try (BrokerKind.Running broker = kind.start(dir);
                MqttNode fleet = MqttNode.start(NodeConfig.builder("monitor").namespace("fleet").broker(broker.url())
                        .remap("all_ranges:=/+/sensors/range").build());
                MqttNode r1 = MqttNode.start(config("base", broker.url()).build());
                MqttNode r2 = MqttNode.start(NodeConfig.builder("base").namespace("robot2").broker(broker.url()).build())) {
            CopyOnWriteArrayList<String> sources = new CopyOnWriteArrayList<>();
            Subscriber<RangeReading> sub = fleet.newSubscriber("all_ranges", RangeReading.class, (m, e) -> sources.add(e.getSource()));
            assertThat(sub.topic()).isEqualTo("+/sensors/range");
            awaitSubscribed(fleet, r1);
            r1.newPublisher("sensors/range", RangeReading.class, Qos.AT_LEAST_ONCE, false).publish(RangeReading.getDefaultInstance());
            r2.newPublisher("sensors/range", RangeReading.class, Qos.AT_LEAST_ONCE, false).publish(RangeReading.getDefaultInstance());
            await().atMost(Duration.ofSeconds(10)).until(() -> sources.size() == 2);
            assertThat(sources).containsExactlyInAnyOrder("robot1/base", "robot2/base");
        }
    }

    @ParameterizedTest
    @EnumSource(BrokerKind.class)
    void aCommandArrivingAfterItsDeadlineIsDroppedAndCounted(BrokerKind kind) throws Exception {
        AtomicLong receiverClockNs = new AtomicLong(System.currentTimeMillis() * 1_000_000L);
        try (BrokerKind.Running broker = kind.start(dir);
                MqttNode sender = MqttNode.start(config("planner", broker.url()).build());
                MqttNode receiver = MqttNode.start(config("base", broker.url()).epochNs(receiverClockNs::get).build())) {
            LinkedBlockingQueue<MotorCommand> executed = new LinkedBlockingQueue<>();
            receiver.newSubscriber("cmd", MotorCommand.class, (m, e) -> executed.add(m));
            awaitSubscribed(receiver, sender);
            Publisher<MotorCommand> cmd = sender.newPublisher("cmd", MotorCommand.class, Qos.AT_LEAST_ONCE, false);
            receiverClockNs.addAndGet(60_000_000_000L); // the receiver is a minute later: the command is stale
            cmd.publish(MotorCommand.newBuilder().setMotorId(1).setVelocity(9).build(), 500);
            await().atMost(Duration.ofSeconds(10)).until(() -> receiver.stats().expiredRequests() == 1);
            cmd.publish(MotorCommand.newBuilder().setMotorId(1).setStop(true).build()); // no deadline
            MotorCommand got = executed.poll(10, TimeUnit.SECONDS);
            assertThat(got).isNotNull();
            assertThat(got.getStop()).isTrue();
            assertThat(executed).isEmpty();
        }
    }
}

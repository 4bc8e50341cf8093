package io.canopy.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.canopy.messaging.service.ServiceClient;
import io.canopy.messaging.service.ServiceException;
import io.canopy.messaging.service.ServiceServer;
import io.canopy.proto.DeviceInfo;
import io.canopy.proto.Envelope;
import io.canopy.proto.Event;
import io.canopy.proto.MotorCommand;
import io.canopy.proto.MotorState;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Request/response over Envelope correlation id, reply topic and deadline, through both real brokers. */
class ServiceTest {
    @TempDir
    Path dir;

    private static NodeConfig.Builder config(String node, String url) {
        return NodeConfig.builder(node).namespace("robot1").broker(url);
    }

    @ParameterizedTest
    @EnumSource(BrokerKind.class)
    void aCallGetsTheHandlersResponse(BrokerKind kind) throws Exception {
        try (BrokerKind.Running broker = kind.start(dir);
                MqttNode server = MqttNode.start(config("base", broker.url()).build());
                MqttNode client = MqttNode.start(config("planner", broker.url()).build())) {
            ServiceServer<MotorCommand, MotorState> srv = server.newServiceServer("~set_velocity", MotorCommand.class,
                    MotorState.class, (cmd, header) -> MotorState.newBuilder().setMotorId(cmd.getMotorId())
                            .setVelocity(cmd.getVelocity()).build());
            ServiceClient<MotorCommand, MotorState> cli = client.newServiceClient("base/set_velocity", MotorCommand.class,
                    MotorState.class);
            assertThat(cli.topic()).isEqualTo(srv.topic()).isEqualTo("robot1/base/set_velocity");
            PubSubTest.awaitSubscribed(server, client);
            PubSubTest.awaitSubscribed(client, server);
            MotorState state = cli.call(MotorCommand.newBuilder().setMotorId(3).setVelocity(0.5).build(), 5000)
                    .get(10, TimeUnit.SECONDS);
            assertThat(state.getMotorId()).isEqualTo(3);
            assertThat(state.getVelocity()).isEqualTo(0.5);
            assertThat(srv.executed()).isEqualTo(1);
        }
    }

    @ParameterizedTest
    @EnumSource(BrokerKind.class)
    void aThrowingHandlerAnswersWithAnErrorReply(BrokerKind kind) throws Exception {
        AtomicInteger errors = new AtomicInteger();
        NodeMain main = new NodeMain() {
            @Override
            public void onStart(MqttNode node) {
                node.newServiceServer("reboot", Event.class, Event.class, (req, h) -> {
                    throw new IllegalStateException("motor 2 is still moving");
                });
            }

            @Override
            public void onError(MqttNode node, Throwable error) {
                errors.incrementAndGet();
            }
        };
        try (BrokerKind.Running broker = kind.start(dir);
                MqttNode server = MqttNode.start(config("base", broker.url()).build(), main);
                MqttNode client = MqttNode.start(config("planner", broker.url()).build())) {
            ServiceClient<Event, Event> cli = client.newServiceClient("reboot", Event.class, Event.class);
            PubSubTest.awaitSubscribed(server, client);
            PubSubTest.awaitSubscribed(client, server);
            CompletableFuture<Event> reply = cli.call(Event.newBuilder().setName("now").build(), 5000);
            assertThatThrownBy(() -> reply.get(10, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                    .cause().isInstanceOf(ServiceException.class)
                    .hasMessage("service 'robot1/reboot' failed: motor 2 is still moving");
            assertThat(errors.get()).isEqualTo(1);
            assertThat(server.stats().listenerErrors()).isEqualTo(1);
        }
    }

    @ParameterizedTest
    @EnumSource(BrokerKind.class)
    void aCallWithoutServerTimesOut(BrokerKind kind) throws Exception {
        try (BrokerKind.Running broker = kind.start(dir);
                MqttNode client = MqttNode.start(config("planner", broker.url()).build())) {
            assertThat(client.awaitConnected(10_000)).isTrue();
            ServiceClient<Event, Event> cli = client.newServiceClient("nobody_home", Event.class, Event.class);
            CompletableFuture<Event> reply = cli.call(Event.newBuilder().setName("hello").build(), 200);
            assertThatThrownBy(() -> reply.get(10, TimeUnit.SECONDS)).cause().isInstanceOf(TimeoutException.class)
                    .hasMessageContaining("service 'robot1/nobody_home' did not answer within 200 ms");
            assertThat(client.stats().serviceTimeouts()).isEqualTo(1);
        }
    }

    @ParameterizedTest
    @EnumSource(BrokerKind.class)
    void anExpiredRequestIsNotExecutedAndIsCounted(BrokerKind kind) throws Exception {
        java.util.List<Long> executed = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (BrokerKind.Running broker = kind.start(dir);
                MqttNode server = MqttNode.start(config("base", broker.url()).build());
                RawClient other = new RawClient(broker.url())) {
            server.newServiceServer("stop", MotorCommand.class, MotorState.class, (req, h) -> {
                executed.add(h.getCorrelationId());
                return MotorState.getDefaultInstance();
            });
            other.subscribe("robot1/ui/reply");
            long nowNs = System.currentTimeMillis() * 1_000_000L;
            Envelope stale = Envelope.newBuilder().setSource("robot1/ui").setCorrelationId(41).setReplyTo("robot1/ui/reply")
                    .setStampNs(nowNs - 2_000_000_000L).setDeadlineNs(nowNs - 1_000_000_000L)
                    .setMotorCommand(MotorCommand.newBuilder().setStop(true)).build();
            Envelope fresh = stale.toBuilder().setCorrelationId(42).setDeadlineNs(nowNs + 60_000_000_000L).build();
            await().atMost(Duration.ofSeconds(10)).until(server::isConnected);
            // the server subscribes asynchronously: repeat the fresh request until one is answered
            await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100)).until(() -> {
                other.publish("robot1/stop", fresh.toByteArray(), 1, false);
                return other.received.poll(100, TimeUnit.MILLISECONDS) != null;
            });
            other.publish("robot1/stop", stale.toByteArray(), 1, false);
            other.publish("robot1/stop", fresh.toBuilder().setCorrelationId(43).build().toByteArray(), 1, false);
            Envelope reply = null;
            for (RawClient.Received r; (r = other.next()) != null; ) {
                reply = Envelope.parseFrom(r.payload());
                if (reply.getCorrelationId() == 43) {
                    break;
                }
            }
            assertThat(reply).isNotNull();
            assertThat(reply.getCorrelationId()).isEqualTo(43); // the stale request (41) got no reply
            assertThat(executed).contains(43L).doesNotContain(41L);
            assertThat(server.stats().expiredRequests()).isEqualTo(1);
        }
    }

    @ParameterizedTest
    @EnumSource(BrokerKind.class)
    void aRequestOfTheWrongTypeGetsAnErrorReplyNamingBothTypes(BrokerKind kind) throws Exception {
        try (BrokerKind.Running broker = kind.start(dir);
                MqttNode server = MqttNode.start(config("base", broker.url()).build());
                MqttNode client = MqttNode.start(config("planner", broker.url()).build())) {
            server.newServiceServer("info", Event.class, DeviceInfo.class, (req, h) -> DeviceInfo.getDefaultInstance());
            ServiceClient<MotorCommand, DeviceInfo> wrong = client.newServiceClient("info", MotorCommand.class, DeviceInfo.class);
            PubSubTest.awaitSubscribed(server, client);
            PubSubTest.awaitSubscribed(client, server);
            assertThatThrownBy(() -> wrong.call(MotorCommand.getDefaultInstance(), 5000).get(10, TimeUnit.SECONDS))
                    .cause().isInstanceOf(ServiceException.class)
                    .hasMessage("service 'robot1/info' failed: request body is motor_command, expected event");
        }
    }
}

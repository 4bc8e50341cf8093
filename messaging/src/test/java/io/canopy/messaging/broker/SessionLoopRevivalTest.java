package io.canopy.messaging.broker;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * A command that throws on one of Moquette's session loops (a Moquette 0.17 bug: an IllegalReferenceCountException
 * was seen under CI load) no longer ends that loop: a client whose id hashes to it still connects and gets its
 * messages, and the broker logs one WARN line, not an ERROR with a stack trace when it stops.
 */
class SessionLoopRevivalTest {
    private static final String CLIENT = "revival-probe";

    @Test
    void aClientOnALoopWhoseCommandFailedStillConnectsAndReceives() throws Exception {
        clientStillConnectsAfterAFailedCommand(() -> EmbeddedBroker.start(0));
    }

    @Test
    void theOneLoopOfALaunchFilesBrokerIsRevivedToo() throws Exception {
        clientStillConnectsAfterAFailedCommand(() -> EmbeddedBroker.startForNodes(0));
    }

    private static void clientStillConnectsAfterAFailedCommand(java.util.function.Supplier<EmbeddedBroker> start)
            throws Exception {
        ListAppender<ILoggingEvent> logged = new ListAppender<>();
        logged.start();
        Logger brokerLog = (Logger) LoggerFactory.getLogger(EmbeddedBroker.class);
        Logger moquetteLog = (Logger) LoggerFactory.getLogger("io.moquette");
        brokerLog.addAppender(logged);
        moquetteLog.addAppender(logged);
        try {
            try (EmbeddedBroker broker = start.get()) {
                failACommandOnTheLoopOf(broker, CLIENT);
                MqttClient client = new MqttClient(broker.url(), CLIENT, new MemoryPersistence());
                MqttConnectOptions o = new MqttConnectOptions();
                o.setConnectionTimeout(5);
                client.connect(o); // hangs (then times out) when the loop is dead
                LinkedBlockingQueue<String> got = new LinkedBlockingQueue<>();
                client.subscribe("revival/echo", 1, (t, m) -> got.add(new String(m.getPayload(), StandardCharsets.UTF_8)));
                client.publish("revival/echo", "alive".getBytes(StandardCharsets.UTF_8), 1, false);
                assertThat(got.poll(10, TimeUnit.SECONDS)).isEqualTo("alive");
                client.disconnect();
                client.close();
            }
            assertThat(logged.list).anySatisfy(e -> {
                assertThat(e.getLevel()).isEqualTo(Level.WARN);
                assertThat(e.getFormattedMessage()).contains("a client command failed", "injected failure", "was restarted");
            });
            assertThat(logged.list).noneMatch(e -> e.getLevel() == Level.ERROR);
        } finally {
            brokerLog.detachAppender(logged);
            moquetteLog.detachAppender(logged);
        }
    }

    /** Routes a throwing command to the session loop {@code clientId} hashes to, as a Moquette bug would. */
    private static void failACommandOnTheLoopOf(EmbeddedBroker broker, String clientId) throws Exception {
        Object server = SessionLoopRevival.field(broker, "server");
        Object group = SessionLoopRevival.field(SessionLoopRevival.field(server, "dispatcher"), "sessionLoops");
        Method route = group.getClass().getDeclaredMethod("routeCommand", String.class, String.class, Callable.class);
        route.setAccessible(true);
        Callable<String> boom = () -> {
            throw new IllegalStateException("injected failure");
        };
        route.invoke(group, clientId, "injected", boom);
    }
}

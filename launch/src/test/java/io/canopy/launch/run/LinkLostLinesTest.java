package io.canopy.launch.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.canopy.bt.NodeRegistry;
import io.canopy.hardware.health.LinkHealth;
import io.canopy.hardware.serial.InProcessWire;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.launch.LaunchLoader;
import io.canopy.proto.Envelope;
import io.canopy.proto.Heartbeat;
import io.canopy.tick.ManualNanoClock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * A serial wire-format device lost and back, as an operator sees it: one WARN line when it is lost (a silence with the
 * port open, then the port itself gone), one INFO line when it is back, in the one format every device role uses, and
 * the same change as a {@code link.lost} / {@code link.back} Event on {@code <ns>/<node>/links/events} through the
 * node's embedded broker and a real Paho client. The node runs on the manual clock (this thread ticks it); the
 * in-process cable stands in for the port, and a SerialLink on its other end is the device.
 */
class LinkLostLinesTest {
    private static final long TICK_NS = 20_000_000L;

    @TempDir
    Path dir;
    private final ManualNanoClock clock = new ManualNanoClock();
    private final InProcessWire wire = new InProcessWire();
    private final Logger log = (Logger) LoggerFactory.getLogger(LinkHealth.class);
    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();
    private NodeRuntime node;
    private SerialLink device;
    private MqttClient client;

    @BeforeEach
    void listen() {
        lines.start();
        log.addAppender(lines);
    }

    @AfterEach
    void stop() throws Exception {
        log.detachAppender(lines);
        if (client != null) {
            if (client.isConnected()) {
                client.disconnect();
            }
            client.close();
        }
        if (device != null) {
            device.close();
        }
        if (node != null) {
            node.shutdown(1_000_000_000L);
        }
    }

    private List<String> lines(Level level) {
        return lines.list.stream().filter(e -> e.getLevel() == level).map(ILoggingEvent::getFormattedMessage).toList();
    }

    private void tickUntil(String what, java.util.function.BooleanSupplier done) {
        await(what).atMost(Duration.ofSeconds(20)).pollInSameThread().pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(2)).until(() -> {
                    node.control().advance(TICK_NS);
                    return done.getAsBoolean();
                });
    }

    @Test
    void aSerialDeviceSilentThenUnpluggedIsToldOnceEachWayInTheLogAndOnMqtt() throws Exception {
        Path launch = Files.writeString(dir.resolve("robot.launch.xml"), """
                <launch>
                  <group namespace="r1">
                    <node name="base_node">
                      <timer name="control" hz="50"/>
                      <serial name="base" port="/dev/ttyCANOPY-cable" baud="115200" timeout_ms="500"/>
                      <motor name="left" link="base" id="0"/>
                      <mqtt port="0"/>
                    </node>
                  </group>
                </launch>
                """);
        NodeTap cable = new NodeTap() {
            @Override
            public InProcessWire replaceLink(String link) {
                return wire;
            }
        };
        node = NodeRuntime.build(LaunchLoader.load(launch, Map.of()).nodes().get(0), clock, NodeRegistry.withBuiltins(), cable);
        node.control().startManual();
        List<JsonObject> events = new CopyOnWriteArrayList<>();
        List<String> names = new CopyOnWriteArrayList<>();
        client = new MqttClient(node.view().brokerUrl(), "link-lines-test", new MemoryPersistence());
        MqttConnectOptions o = new MqttConnectOptions();
        o.setCleanSession(true);
        client.connect(o);
        client.subscribe("r1/base_node/links/events", 1, (t, m) -> {
            Envelope e = Envelope.parseFrom(m.getPayload());
            names.add(e.getEvent().getName());
            events.add(JsonParser.parseString(e.getEvent().getPayload().toString(StandardCharsets.UTF_8)).getAsJsonObject());
        });

        // the device says nothing: after timeout_ms with the port open, the failsafe holds the motors and tells it once
        tickUntil("the silence told", () -> !lines(Level.WARN).isEmpty());
        String held = "motors held at stop";
        assertThat(lines(Level.WARN)).containsExactly(
                "link 'base' (serial): lost \u2014 no frame for 0.5 s (timeout_ms 500) with the port open; failsafe: " + held);
        for (int i = 0; i < 50; i++) {
            node.control().advance(TICK_NS); // a second more of silence tells nothing new
        }
        assertThat(lines(Level.WARN)).hasSize(1);

        // the device speaks 3 s after the silence began: back
        long lostAt = clock.nanoTime();
        device = SerialLink.inProcess("device", wire, false, (l, e, t) -> { }, clock).start();
        await("the device's end open").atMost(Duration.ofSeconds(10)).until(device::isConnected);
        clock.advanceNs(2_000_000_000L);
        device.send(Envelope.newBuilder().setHeartbeat(Heartbeat.newBuilder().setUptimeMs(1)).build());
        tickUntil("back", () -> !lines(Level.INFO).isEmpty());
        assertThat(lines(Level.INFO)).hasSize(1);
        assertThat(lines(Level.INFO).get(0)).matches("link 'base' \\(serial\\): back after \\d\\.\\d s");
        assertThat(clock.nanoTime() - lostAt).isGreaterThanOrEqualTo(2_000_000_000L);

        // the port itself goes away (a pulled USB cable), then comes back 3.1 s later by the node's clock
        wire.unplug(true);
        await("the port lost").atMost(Duration.ofSeconds(10)).until(() -> lines(Level.WARN).size() == 2);
        assertThat(lines(Level.WARN).get(1)).startsWith("link 'base' (serial): lost \u2014 ").endsWith("; failsafe: " + held);
        clock.advanceNs(3_100_000_000L);
        wire.plug();
        await("the port back").atMost(Duration.ofSeconds(10)).until(() -> lines(Level.INFO).size() == 2);
        assertThat(lines(Level.INFO).get(1)).isEqualTo("link 'base' (serial): back after 3.1 s");
        long frames = node.view().serialLinks().get("base").framesReceived();
        device.send(Envelope.newBuilder().setHeartbeat(Heartbeat.newBuilder().setUptimeMs(2)).build());
        await("the device heard again").atMost(Duration.ofSeconds(10))
                .until(() -> node.view().serialLinks().get("base").framesReceived() > frames);

        // the same four changes on MQTT, in order, each carrying its line
        tickUntil("four events on MQTT", () -> events.size() >= 4);
        assertThat(names).containsExactly("link.lost", "link.back", "link.lost", "link.back");
        assertThat(events.get(0).get("link").getAsString()).isEqualTo("base");
        assertThat(events.get(0).get("kind").getAsString()).isEqualTo("serial");
        assertThat(events.get(0).get("reason").getAsString()).isEqualTo("no frame for 0.5 s (timeout_ms 500) with the port open");
        assertThat(events.get(0).get("failsafe").getAsString()).isEqualTo(held);
        assertThat(events.get(0).get("line").getAsString()).isEqualTo(lines(Level.WARN).get(0));
        assertThat(events.get(3).get("down_s").getAsDouble()).isEqualTo(3.1);
        assertThat(events.get(3).get("line").getAsString()).isEqualTo("link 'base' (serial): back after 3.1 s");
    }
}

package io.canopy.launch.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.bt.NodeRegistry;
import io.canopy.launch.LaunchLoader;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.report.StatusLine;
import io.canopy.proto.Envelope;
import io.canopy.proto.Event;
import io.canopy.tick.ManualNanoClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repro of issue #13: a node with one 20 Hz timer, one state machine on it and one MQTT-to-event binding,
 * nothing else (no telemetry timer, no outbound binding). An event published on the topic must move the
 * machine, and the node's status (the status line, telemetry, monitors) must show it: before the tick's
 * phases were explicit, the status snapshot was refreshed only by a timer named {@code telemetry}, so the
 * status line of such a node never showed the machine move. Real embedded broker, real Paho client; the node runs on the manual clock on this thread.
 */
class MachineOverMqttOnlyTest {
    @TempDir
    Path dir;
    private final ManualNanoClock clock = new ManualNanoClock();
    private NodeRuntime node;
    private MqttClient client;

    @AfterEach
    void stop() throws Exception {
        if (client != null) {
            if (client.isConnected()) {
                client.disconnect();
            }
            client.close();
        }
        if (node != null) {
            node.shutdown(1_000_000_000L);
        }
    }

    @Test
    void aMachineBoundOnlyToMqttMovesOnAPublishedEvent() throws Exception {
        int port = PatrolDemoTest.freePort();
        Files.writeString(dir.resolve("m.scxml"), """
                <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="Waiting">
                  <state id="Waiting"><transition event="go" target="Going"/></state>
                  <state id="Going"/>
                </scxml>
                """);
        Files.writeString(dir.resolve("solo.launch.xml"), """
                <launch>
                  <node name="solo">
                    <timer name="control" hz="20"/>
                    <statemachine name="m" file="m.scxml" timer="control"/>
                    <mqtt broker="embedded" port="%d"/>
                    <bind from="mqtt:cmd/go" to="event:go"/>
                  </node>
                </launch>
                """.formatted(port));
        LaunchPlan plan = LaunchLoader.load(dir.resolve("solo.launch.xml"), Map.of());
        node = NodeRuntime.build(plan.nodes().get(0), clock, NodeRegistry.withBuiltins(), NodeTap.NONE);
        node.startManual();
        MachineSlot machine = node.view().machineSlots().get(0);
        node.control().advance(50_000_000L);
        assertThat(machine.stateText()).isEqualTo("Waiting");

        client = new MqttClient("tcp://127.0.0.1:" + port, "solo-test", new MemoryPersistence());
        MqttConnectOptions o = new MqttConnectOptions();
        o.setCleanSession(true);
        await().atMost(Duration.ofSeconds(20)).ignoreExceptions().until(() -> {
            client.connect(o);
            return true;
        });
        Envelope go = Envelope.newBuilder().setSource("test").setEvent(Event.newBuilder().setName("go")).build();
        // the node subscribes once its own connection is up, which may be after ours: until the machine has moved,
        // publish again every 250 ms (a message published before the node's subscription reaches nobody)
        long[] lastPublishNs = {0};
        await().atMost(Duration.ofSeconds(10)).pollInSameThread().pollInterval(Duration.ofMillis(5)).until(() -> {
            if (machine.stateText().equals("Waiting") && System.nanoTime() - lastPublishNs[0] > 250_000_000L) {
                client.publish("cmd/go", new MqttMessage(go.toByteArray()));
                lastPublishNs[0] = System.nanoTime();
            }
            node.control().advance(50_000_000L);
            return machine.stateText().equals("Going"); // what the status line shows: refreshed by the tick itself
        });
        assertThat(StatusLine.line(node.view())).contains("m:Going");
        assertThat(node.view().bus().unconsumed()).isZero();
    }

    /**
     * Plain-text commands from other tools ({@code mosquitto_pub -m stop}): accepted where the bind declares
     * {@code payload="text"}; elsewhere never guessed into an Envelope (a 2-byte "go" is dropped and counted).
     */
    @Test
    void plainTextIsAcceptedWhereTheBindDeclaresTextAndDroppedElsewhere() throws Exception {
        int port = PatrolDemoTest.freePort();
        Files.writeString(dir.resolve("m.scxml"), """
                <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="Waiting" datamodel="ecmascript">
                  <state id="Waiting"><transition event="go" cond="_event.data == 'fast'" target="Going"/></state>
                  <state id="Going"/>
                </scxml>
                """);
        Files.writeString(dir.resolve("text.launch.xml"), """
                <launch>
                  <node name="solo">
                    <timer name="control" hz="20"/>
                    <statemachine name="m" file="m.scxml" timer="control"/>
                    <mqtt broker="embedded" port="%d"/>
                    <bind from="mqtt:cmd/go" to="event:go" payload="text"/>
                    <bind from="mqtt:cmd/env" to="event:go"/>
                  </node>
                </launch>
                """.formatted(port));
        node = NodeRuntime.build(LaunchLoader.load(dir.resolve("text.launch.xml"), Map.of()).nodes().get(0), clock,
                NodeRegistry.withBuiltins(), NodeTap.NONE);
        node.startManual();
        MachineSlot machine = node.view().machineSlots().get(0);
        client = new MqttClient("tcp://127.0.0.1:" + port, "text-test", new MemoryPersistence());
        MqttConnectOptions o = new MqttConnectOptions();
        o.setCleanSession(true);
        await().atMost(Duration.ofSeconds(20)).ignoreExceptions().until(() -> {
            client.connect(o);
            return true;
        });
        // the node subscribes to its binds once connected, one filter after the other: a message published before
        // its filter's subscription is in reaches nobody, so each is sent again until it has arrived
        byte[] fast = "fast".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100)).until(() -> {
            client.publish("cmd/env", new MqttMessage(fast));
            return node.view().mqtt().stats().unparsable() >= 1;
        });
        node.control().advance(100_000_000L);
        assertThat(machine.stateText()).as("text on an Envelope topic is not guessed into an event").isEqualTo("Waiting");

        int[] polls = {0};
        await().atMost(Duration.ofSeconds(10)).pollInSameThread().pollInterval(Duration.ofMillis(5)).until(() -> {
            if (polls[0]++ % 20 == 0) {
                client.publish("cmd/go", new MqttMessage(fast));
            }
            node.control().advance(50_000_000L);
            return machine.stateText().equals("Going");
        });
    }
}

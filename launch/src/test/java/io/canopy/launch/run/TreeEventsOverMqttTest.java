package io.canopy.launch.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Status;
import io.canopy.launch.LaunchLoader;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.proto.Envelope;
import io.canopy.proto.Event;
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
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A launch file whose tree waits in ConsumeEvent for a goal bound from MQTT and answers with SendEvent bound
 * to an MQTT topic, through the node's embedded broker and a real Paho client. The node runs on the manual
 * clock: this test's thread is its tick thread (Awaitility polls in the same thread and advances one tick per
 * poll), while the broker and the MQTT connection run in real time.
 */
class TreeEventsOverMqttTest {
    private static final long PERIOD_NS = 20_000_000L;

    @TempDir
    Path dir;
    private final ManualNanoClock clock = new ManualNanoClock();
    private NodeRuntime node;
    private MqttClient client;

    @AfterEach
    void stop() throws Exception {
        if (client != null && client.isConnected()) {
            client.disconnect();
        }
        if (client != null) {
            client.close();
        }
        if (node != null) {
            node.shutdown(1_000_000_000L);
        }
    }

    private void write(String name, String text) throws Exception {
        Files.writeString(dir.resolve(name), text);
    }

    private NodeRuntime start(int port, String eventPolicy) throws Exception {
        write("answer.xml", """
                <root BTCPP_format="4" main_tree_to_execute="Answer"><BehaviorTree ID="Answer">
                  <Sequence>
                    <ConsumeEvent event="goal" wait="true" value="{g}"/>
                    <SendEvent event="reply" value="g * 2"/>
                  </Sequence>
                </BehaviorTree></root>
                """);
        write("mission.scxml", """
                <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="Waiting">
                  <state id="Waiting"><transition event="reply" target="Replied"/></state>
                  <state id="Replied"/>
                </scxml>
                """);
        write("wire.launch.xml", """
                <?xml version="1.0"?>
                <launch>
                  <group namespace="robot1">
                    <node name="controller" event_policy="%s">
                      <timer name="control" hz="50"/>
                      <statemachine name="mission" file="mission.scxml" timer="control"/>
                      <tree name="answer" file="answer.xml" timer="control" on_finish="stop"/>
                      <mqtt broker="embedded" port="%d"/>
                      <bind from="mqtt:cmd/goal" to="event:goal"/>
                      <bind from="mqtt:cmd/other" to="event:other"/>
                      <bind from="event:reply" to="mqtt:events/reply"/>
                    </node>
                  </group>
                </launch>
                """.formatted(eventPolicy, port));
        LaunchPlan plan = LaunchLoader.load(dir.resolve("wire.launch.xml"), Map.of());
        NodeRuntime n = NodeRuntime.build(plan.nodes().get(0), clock, NodeRegistry.withBuiltins(), NodeTap.NONE);
        n.startManual(); // machines and outbox (the node has no serial link)
        return n;
    }

    private List<Envelope> watch(int port, String topic) throws Exception {
        List<Envelope> seen = new CopyOnWriteArrayList<>();
        client = new MqttClient("tcp://127.0.0.1:" + port, "tree-events-test", new MemoryPersistence());
        MqttConnectOptions o = new MqttConnectOptions();
        o.setCleanSession(true);
        await().atMost(Duration.ofSeconds(20)).ignoreExceptions().until(() -> {
            client.connect(o);
            return true;
        });
        client.subscribe(topic, 1, (t, msg) -> seen.add(Envelope.parseFrom(msg.getPayload())));
        return seen;
    }

    private void publish(String topic, String name, String payload) throws Exception {
        Envelope e = Envelope.newBuilder().setSource("test")
                .setEvent(Event.newBuilder().setName(name).setPayload(com.google.protobuf.ByteString.copyFromUtf8(payload))).build();
        client.publish(topic, new MqttMessage(e.toByteArray()));
    }

    /** One tick of the node per poll, on this thread. */
    private boolean tick() {
        node.control().advance(PERIOD_NS);
        return true;
    }

    @Test
    void aTreeAnswersAGoalFromMqttWithAReplyOnMqttThatTheMachineAlsoTakes() throws Exception {
        int port = PatrolDemoTest.freePort();
        node = start(port, "drop");
        List<Envelope> replies = watch(port, "robot1/events/reply");
        TreeSlot tree = node.view().treeSlots().get(0);
        MachineSlot machine = node.view().machineSlots().get(0);

        tick();
        tick();
        assertThat(tree.lastStatus()).as("waiting in ConsumeEvent").isEqualTo(Status.RUNNING);

        // an event the tree does not listen to: the machine gets it (and ignores it), the tree never sees it
        publish("robot1/cmd/other", "other", "5");
        await().atMost(Duration.ofSeconds(10)).pollInSameThread().pollInterval(Duration.ofMillis(5))
                .until(() -> tick() && node.view().eventTick("other") >= 0);
        tick();
        assertThat(tree.events().delivered()).as("'other' is not the tree's business").isZero();
        assertThat(tree.lastStatus()).isEqualTo(Status.RUNNING);

        publish("robot1/cmd/goal", "goal", "21");
        await().atMost(Duration.ofSeconds(10)).pollInSameThread().pollInterval(Duration.ofMillis(5))
                .until(() -> tick() && tree.lastStatus() == Status.SUCCESS);
        assertThat(tree.events().delivered()).isEqualTo(1);
        assertThat(tree.events().consumed()).isEqualTo(1);
        assertThat(node.view().blackboard().entry("g").doubleValue()).as("the number in the MQTT event's payload").isEqualTo(21.0);

        await().atMost(Duration.ofSeconds(10)).until(() -> !replies.isEmpty());
        Event reply = replies.get(0).getEvent();
        assertThat(reply.getName()).isEqualTo("reply");
        assertThat(reply.getPayload().toString(StandardCharsets.UTF_8)).as("SendEvent's value g * 2").isEqualTo("42");

        tick();
        machine.refreshStatus();
        assertThat(machine.stateText()).as("the state machine took the tree's reply from the bus").isEqualTo("Replied");
        assertThat(node.view().bus().unconsumed()).isZero();
    }

    @Test
    void eventPolicyErrorAppliesToTreesAndAConsumedEventPasses() throws Exception {
        node = start(PatrolDemoTest.freePort(), "error");
        TreeSlot tree = node.view().treeSlots().get(0);
        assertThat(tree.events().policy()).isEqualTo(io.canopy.bt.event.UnconsumedPolicy.ERROR);
        tick();
        assertThat(tree.lastStatus()).isEqualTo(Status.RUNNING);

        // taken by the tree (it listens to 'goal'), then consumed: fine
        node.view().bus().publish("goal", 4, null, null, clock.nanoTime());
        tick();
        assertThat(tree.lastStatus()).isEqualTo(Status.SUCCESS);
        assertThat(tree.errors()).isZero();
        assertThat(node.view().blackboard().entry("g").doubleValue()).isEqualTo(4.0);
    }

    @Test
    void underEventPolicyErrorTwoGoalsInOneTickFailTheTreeForTheOneNotConsumed() throws Exception {
        node = start(PatrolDemoTest.freePort(), "error");
        TreeSlot tree = node.view().treeSlots().get(0);
        tick();
        node.view().bus().publish("goal", 1, null, null, clock.nanoTime());
        node.view().bus().publish("goal", 2, null, null, clock.nanoTime());
        tick();
        assertThat(tree.errors()).as("the second goal was not consumed: policy 'error' fails the tick").isEqualTo(1);
        assertThat(tree.lastStatus()).isEqualTo(Status.FAILURE);
        assertThat(tree.events().dropped()).isEqualTo(1);
    }
}

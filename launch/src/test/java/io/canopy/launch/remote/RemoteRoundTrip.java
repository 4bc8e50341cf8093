package io.canopy.launch.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.proto.Envelope;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.Test;

/**
 * The round trip of a remote action against a worker: a tree whose ComputePathToPose is remote gets the worker's
 * outputs; a failure result fails the node; a halt sends a cancel the worker sees; a worker that dies fails the
 * running node, with the reason in the log. Subclasses say which worker (Java, Python).
 */
abstract class RemoteRoundTrip extends RemoteHarness {
    @Test
    void aRemoteActionSucceedsWithTheWorkersOutputsOnTheBlackboard() throws Exception {
        start(OUTCOME.formatted("0.1"), "3,4");
        await().atMost(WAIT).until(() -> bb("outcome") != null);
        assertThat(bb("outcome")).isEqualTo("success");
        assertThat(bb("path")).as("the result's text output").isEqualTo("0,0;3,4");
        assertThat(Double.parseDouble(bb("length"))).as("the result's number output").isEqualTo(5.0);
        assertThat(Double.parseDouble(bb("progress"))).as("the last feedback's output, written before the result's")
                .isEqualTo(1.0);
        assertThat(worker.log()).anyMatch(l -> l.matches("goal \\d+ plan 3,4")).anyMatch(l -> l.matches("result \\d+ SUCCESS"));
    }

    @Test
    void aFailureResultFailsTheNodeWithTheWorkersMessageInTheLog() throws Exception {
        start(OUTCOME.formatted("0"), "nowhere");
        await().atMost(WAIT).until(() -> bb("outcome") != null);
        assertThat(bb("outcome")).isEqualTo("failure");
        assertThat(bb("path")).as("no output written").isNull();
        assertThat(messages()).anyMatch(m -> m.contains("'plan' (ComputePathToPose on " + TOPIC + ")")
                && m.contains("FAILURE") && m.contains("goal 'nowhere' is not x,y"));
    }

    @Test
    void haltingTheRunningNodePublishesACancelTheWorkerSees() throws Exception {
        start("""
                <Fallback>
                  <ReactiveSequence>
                    <ScriptCondition code="go == 1"/>
                    <ComputePathToPose name="plan" goal="{target}" duration="600" path="{path}"/>
                  </ReactiveSequence>
                  <Script code="outcome := 'halted'"/>
                </Fallback>
                """, "3,4");
        await().atMost(WAIT).until(() -> worker.log().stream().anyMatch(l -> l.startsWith("goal ")));
        String goalId = worker.log().stream().filter(l -> l.startsWith("goal ")).findFirst().orElseThrow().split(" ")[1];
        try (MqttClient c = new MqttClient(brokerUrl(), "flip", new MemoryPersistence())) {
            c.connect();
            c.publish("robot1/cmd/go", new MqttMessage("0".getBytes(StandardCharsets.UTF_8)));
            c.disconnect();
        }
        await().atMost(WAIT).until(() -> "halted".equals(bb("outcome")));
        await().atMost(WAIT).until(() -> worker.log().stream().anyMatch(l -> l.startsWith("cancel " + goalId + " ")));
        assertThat(worker.log()).noneMatch(l -> l.startsWith("result "));
        assertThat(bb("path")).isNull();
    }

    @Test
    void aWorkerThatDiesFailsTheRunningNodeWithTheReason() throws Exception {
        start(OUTCOME.formatted("600"), "3,4");
        await().atMost(WAIT).until(() -> worker.log().stream().anyMatch(l -> l.startsWith("goal ")));
        List<String> linkEvents = new CopyOnWriteArrayList<>();
        try (MqttClient c = new MqttClient(brokerUrl(), "link-events", new MemoryPersistence())) {
            c.connect();
            c.subscribe("robot1/nav/links/events", 1, (t, m) -> linkEvents.add(
                    Envelope.parseFrom(m.getPayload()).getEvent().getPayload().toStringUtf8()));
            worker.kill();
            await().atMost(WAIT).until(() -> bb("outcome") != null);
            assertThat(bb("outcome")).isEqualTo("failure");
            assertThat(messages()).anyMatch(m -> m.contains("'plan' (ComputePathToPose on " + TOPIC + ")")
                    && m.contains("the worker went offline while goal") && m.contains(TOPIC + "/worker says offline"));
            // the worker's loss in the one format every device link uses, and the same change on MQTT
            String lost = "link 'ComputePathToPose' (remote worker): lost \u2014 " + TOPIC + "/worker says offline";
            assertThat(messages()).filteredOn(m -> m.startsWith("link 'ComputePathToPose'")).singleElement()
                    .satisfies(m -> assertThat(m).startsWith(lost).endsWith("; failsafe: its actions fail until it is back"));
            await().atMost(WAIT).until(() -> !linkEvents.isEmpty());
            assertThat(linkEvents.get(0)).contains("\"kind\":\"remote worker\"").contains("\"link\":\"ComputePathToPose\"");
            c.disconnect();
        }
    }

    @Test
    void stoppingTheNodeCancelsTheRunningGoal() throws Exception {
        start(OUTCOME.formatted("600"), "3,4");
        await().atMost(WAIT).until(() -> worker.log().stream().anyMatch(l -> l.startsWith("goal ")));
        String goalId = worker.log().stream().filter(l -> l.startsWith("goal ")).findFirst().orElseThrow().split(" ")[1];
        stopNode();
        await().atMost(WAIT).until(() -> worker.log().stream().anyMatch(l -> l.startsWith("cancel " + goalId + " ")));
    }
}

package io.canopy.launch.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.launch.LaunchLoader;
import io.canopy.proto.Envelope;
import io.canopy.proto.Event;
import io.canopy.testkit.MosquittoProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fault suite's hostile-MQTT case against Mosquitto (the embedded broker's is HostileBrokerClientTest): a
 * 1 MB message and 20,000 junk messages on the demo's command topic, then the operator's real stop. The node
 * counts the junk (one warning), keeps ticking on time, and still obeys the stop.
 */
class MosquittoFloodTest {
    @TempDir
    Path dir;

    @Test
    void aFloodOfJunkOnMosquittoIsCountedAndTheRealStopStillWorks() throws Exception {
        try (MosquittoProcess broker =
                MosquittoProcess.start(dir, List.of("allow_anonymous true", "max_queued_messages 100000"))) {
            int port = broker.port();
            LaunchRunner runner = LaunchRunner.start(LaunchLoader.load(Path.of("examples/patrol.launch.xml"),
                    Map.of("broker", broker.url())));
            try {
                NodeView robot = runner.views().get(0);
                await().atMost(Duration.ofSeconds(20)).until(() -> "Patrol".equals(robot.machineState("mission")));
                MqttClient hostile = new MqttClient("tcp://127.0.0.1:" + port, "hostile", new MemoryPersistence());
                MqttConnectOptions o = new MqttConnectOptions();
                o.setMaxInflight(65_000);
                hostile.connect(o);
                hostile.publish("robot1/cmd/stop", new MqttMessage(new byte[1024 * 1024]));
                byte[] junk = "not an envelope".getBytes();
                for (int i = 0; i < 20_000; i++) {
                    MqttMessage m = new MqttMessage(junk);
                    m.setQos(0);
                    hostile.publish("robot1/cmd/stop", m);
                }
                hostile.disconnect();
                hostile.close();
                long ticks = robot.timerTicks().get(0);
                await().atMost(Duration.ofSeconds(10)).until(() -> robot.timerTicks().get(0) > ticks + 25);
                assertThat(robot.machineState("mission")).as("junk is not a stop").isEqualTo("Patrol");

                MqttClient operator = new MqttClient("tcp://127.0.0.1:" + port, "operator", new MemoryPersistence());
                operator.connect(new MqttConnectOptions());
                Envelope stop = Envelope.newBuilder().setSource("operator").setEvent(Event.newBuilder().setName("stop")).build();
                MqttMessage m = new MqttMessage(stop.toByteArray());
                m.setQos(1);
                operator.publish("robot1/cmd/stop", m);
                await().atMost(Duration.ofSeconds(20)).until(() -> "Idle".equals(robot.machineState("mission")));
                operator.disconnect();
                operator.close();
                assertThat(robot.timerStats().get(0).overruns()).as("the control timer kept its deadlines").isLessThan(25);
            } finally {
                runner.shutdown(); // before the broker stops
            }
        }
    }
}

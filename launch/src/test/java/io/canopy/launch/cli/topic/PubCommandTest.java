package io.canopy.launch.cli.topic;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.launch.cli.CanopyMain;
import io.canopy.launch.cli.ValidateCommandTest;
import io.canopy.messaging.MqttNode;
import io.canopy.messaging.NodeConfig;
import io.canopy.messaging.broker.EmbeddedBroker;
import io.canopy.proto.Envelope;
import io.canopy.proto.Event;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code canopy pub}, run through its own CommandLine until CanopyMain registers it. */
class PubCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = new CommandLine(new PubCommand());
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        cl.setExecutionExceptionHandler((ex, c, parsed) -> {
            c.getErr().println("canopy: " + ex.getMessage());
            return ex instanceof io.canopy.InputException ? CanopyMain.EXIT_BAD_INPUT : CanopyMain.EXIT_FAILED;
        });
        return cl.execute(args);
    }

    @Test
    void publishesOneEventThatASubscriberGets() throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.start(0);
                MqttNode listener = MqttNode.start(NodeConfig.builder("ui").namespace("robot1").broker(broker.url()).build())) {
            LinkedBlockingQueue<Envelope> got = new LinkedBlockingQueue<>();
            listener.newSubscriber("events", Event.class, (m, e) -> got.add(e));
            Envelope env = null;
            for (int i = 0; i < 50 && env == null; i++) { // until the subscription is in place
                assertThat(run("robot1/events", "--event", "goal.set", "--payload", "kitchen", "--broker", broker.url(),
                        "--valid-for-ms", "60000")).isEqualTo(CanopyMain.EXIT_OK);
                env = got.poll(200, TimeUnit.MILLISECONDS);
            }
            assertThat(env).isNotNull();
            assertThat(env.getEvent().getName()).isEqualTo("goal.set");
            assertThat(env.getEvent().getPayload().toStringUtf8()).isEqualTo("kitchen");
            assertThat(env.getSource()).isEqualTo("canopy_pub");
            assertThat(env.getDeadlineNs()).isPositive();
            assertThat(out.toString()).contains("published event 'goal.set' on robot1/events");
        }
    }

    @Test
    void wildcardsAndBadQosAreBadInput() {
        assertThat(run("robot1/#", "--event", "x")).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat(err.toString()).contains("wildcards cannot be published to");
        assertThat(run("robot1/a", "--event", "x", "--qos", "2")).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat(err.toString()).contains("--qos 2: must be 0 or 1");
    }

    @Test
    void anUnreachableBrokerPrintsOnlyTheOneLineErrorAndNoLogLine() throws Exception {
        int port;
        try (java.net.ServerSocket probe = new java.net.ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        Object[] r = ValidateCommandTest.run("pub", "robot1/cmd/stop", "--event", "stop",
                "--broker", "tcp://127.0.0.1:" + port, "--connect-timeout-ms", "300");
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat(((String) r[2]).lines().toList()).containsExactly("canopy: MQTT broker tcp://127.0.0.1:" + port
                + " not reachable within 300 ms (Unable to connect to server: Connection refused); start it, or pass --broker URL");
        assertThat((String) r[1]).doesNotContain("WARN");
    }

    /** Any wire-format message from JSON or text format (issue #23): a MotorCommand arrives decoded. */
    @Test
    void publishesAnyMessageTypeFromJsonOrTextFormat() throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.start(0);
                MqttNode listener = MqttNode.start(NodeConfig.builder("ui").namespace("robot1").broker(broker.url()).build())) {
            LinkedBlockingQueue<Envelope> got = new LinkedBlockingQueue<>();
            listener.newSubscriber("cmd/motor", io.canopy.proto.MotorCommand.class, (m, e) -> got.add(e));
            Envelope env = null;
            for (int i = 0; i < 50 && env == null; i++) { // until the subscription is in place
                assertThat(run("robot1/cmd/motor", "MotorCommand", "{\"motorId\": 1, \"velocity\": 2.5}", "--broker",
                        broker.url())).as(err.toString()).isEqualTo(CanopyMain.EXIT_OK);
                env = got.poll(200, TimeUnit.MILLISECONDS);
            }
            assertThat(env).isNotNull();
            assertThat(env.getMotorCommand().getMotorId()).isEqualTo(1);
            assertThat(env.getMotorCommand().getVelocity()).isEqualTo(2.5);
            got.clear();
            assertThat(run("robot1/cmd/motor", "MotorCommand", "motor_id: 0 stop: true", "--broker", broker.url()))
                    .isEqualTo(CanopyMain.EXIT_OK);
            Envelope text = got.poll(5, TimeUnit.SECONDS);
            assertThat(text).isNotNull();
            assertThat(text.getMotorCommand().getStop()).isTrue();
            assertThat(out.toString()).contains("published MotorCommand on robot1/cmd/motor");
        }
    }

    @Test
    void aBadTypeOrBodyIsOneLineNamingWhatToWrite() {
        assertThat(run("robot1/cmd/motor", "VelocityCmd", "{}")).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat(err.toString()).contains("message type 'VelocityCmd' is not in the wire format; it carries ", "MotorCommand");
        assertThat(run("robot1/cmd/motor", "MotorCommand", "{\"speed\": 2}")).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat(err.toString()).contains("MotorCommand body '{\"speed\": 2}'", "speed");
        assertThat(run("robot1/cmd/motor")).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat(err.toString()).contains("say what to publish");
    }
}

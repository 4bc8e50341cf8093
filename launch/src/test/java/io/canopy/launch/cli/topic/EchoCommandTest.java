package io.canopy.launch.cli.topic;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.launch.cli.CanopyMain;
import io.canopy.messaging.MqttNode;
import io.canopy.messaging.NodeConfig;
import io.canopy.messaging.Qos;
import io.canopy.messaging.broker.EmbeddedBroker;
import io.canopy.proto.MotorCommand;
import io.canopy.proto.RangeReading;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class EchoCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = CanopyMain.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    /** Runs canopy through {@link CanopyMain#execute} with System.out/err captured (log lines included): {exit, out, err}. */
    private static Object[] execute(String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream capturedOut = new ByteArrayOutputStream();
        ByteArrayOutputStream capturedErr = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(capturedOut, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(capturedErr, true, StandardCharsets.UTF_8));
            int code = CanopyMain.execute(args);
            return new Object[] {code, capturedOut.toString(StandardCharsets.UTF_8), capturedErr.toString(StandardCharsets.UTF_8)};
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }

    private static int freePort() throws java.io.IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Test
    void anInvalidFilterIsOneLineQuotingItAsTyped() throws Exception {
        Object[] r = execute("echo", "t/#/x", "--broker", "tcp://127.0.0.1:" + freePort(), "--connect-timeout-ms", "300");
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat(r[1]).isEqualTo("");
        assertThat(((String) r[2]).lines().toList()).containsExactly("canopy: topic filter 't/#/x': wildcard '#' must"
                + " fill a whole level and be the last one (for example robot1/+/state or robot1/#)");
    }

    @Test
    void anUnreachableBrokerPrintsOnlyTheOneLineErrorAndNoLogLine() throws Exception {
        int port = freePort();
        Object[] r = execute("echo", "robot1/#", "--broker", "tcp://127.0.0.1:" + port, "--connect-timeout-ms", "300");
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat(r[1]).isEqualTo("");
        assertThat(((String) r[2]).lines().toList()).containsExactly("canopy: MQTT broker tcp://127.0.0.1:" + port
                + " not reachable within 300 ms (Unable to connect to server: Connection refused); start it, or pass --broker URL");
    }

    @Test
    void aNegativeCountNamesOnlyThatOptionAndHowToFixIt() {
        Object[] r = execute("echo", "robot1/#", "--count", "-1");
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat(r[2]).isEqualTo("canopy: --count -1: must not be negative; give 0 for no limit or the number of"
                + " messages to print, for example --count 10" + System.lineSeparator());
    }

    @Test
    void aBadDurationOrConnectTimeoutNamesOnlyThatOption() {
        Object[] r = execute("echo", "robot1/#", "--duration", "-2.5");
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat(r[2]).isEqualTo("canopy: --duration -2.5: not a duration; write for example 500ms, 5s, 2m, 1h or a plain"
                + " number of seconds" + System.lineSeparator());
        r = execute("echo", "robot1/#", "--connect-timeout-ms", "0");
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat(r[2]).isEqualTo("canopy: --connect-timeout-ms 0: must be positive; for example --connect-timeout-ms 5000"
                + System.lineSeparator());
    }

    @Test
    void printsDecodedEnvelopesAndTextPayloadsOneLineEach() throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.start(0);
                MqttNode node = MqttNode.start(NodeConfig.builder("base").namespace("robot1").broker(broker.url()).build())) {
            java.util.Set<String> seen = java.util.concurrent.ConcurrentHashMap.newKeySet();
            node.newRawSubscriber("/robot1/#", Qos.AT_LEAST_ONCE, (t, p, r) -> seen.add(t));
            assertThat(node.awaitConnected(10_000)).isTrue();
            // retained, so echo gets them whenever it subscribes
            node.newPublisher("range", RangeReading.class, Qos.AT_LEAST_ONCE, true)
                    .publish(RangeReading.newBuilder().setSensorId(1).setRangeM(0.75f).build());
            node.newPublisher("cmd", MotorCommand.class, Qos.AT_LEAST_ONCE, true)
                    .publish(MotorCommand.newBuilder().setMotorId(2).setVelocity(0.5).build(), 60_000);
            // once the node saw all three come back, the broker holds them
            org.awaitility.Awaitility.await().until(() -> seen.size() == 3);

            int code = run("echo", "robot1/#", "--broker", broker.url(), "--count", "3", "--duration", "20s");

            assertThat(code).isEqualTo(CanopyMain.EXIT_OK);
            List<String> lines = out.toString().lines().toList();
            assertThat(lines).hasSize(3);
            assertThat(lines).anySatisfy(l -> assertThat(l)
                    .startsWith("robot1/range").contains(" stamp=20").contains(" source=robot1/base")
                    .endsWith(" range_reading { sensor_id: 1 range_m: 0.75 }"));
            assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("robot1/cmd").contains(" stamp=20")
                    .contains(" deadline=20").endsWith(" motor_command { motor_id: 2 velocity: 0.5 }"));
            // (Moquette delivers retained messages without the retain flag, so no "(retained)" here)
            assertThat(lines).contains("robot1/base/state (not an Envelope) \"online\"");
            assertThat(err.toString()).contains("listening on robot1/# at " + broker.url());
        }
    }

    @Test
    void anUnreachableBrokerIsBadInputWithOneLine() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        int code = run("echo", "robot1/#", "--broker", "tcp://127.0.0.1:" + port, "--connect-timeout-ms", "300");
        assertThat(code).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat(err.toString().lines().toList()).containsExactly("canopy: MQTT broker tcp://127.0.0.1:" + port
                + " not reachable within 300 ms (Unable to connect to server: Connection refused); start it, or pass --broker URL");
    }

    @Test
    void aBadBrokerUrlIsBadInput() {
        assertThat(run("echo", "x", "--broker", "http://example.org:80")).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat(err.toString()).contains("broker 'http://example.org:80': scheme 'http' is not supported");
    }

    @Test
    void aMissingPasswordVariableIsBadInput() {
        assertThat(run("echo", "x", "--user", "u", "--password-env", "CANOPY_NO_SUCH_VARIABLE_42")).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat(err.toString()).isEqualTo("canopy: --password-env CANOPY_NO_SUCH_VARIABLE_42: no such environment variable;"
                + " export it first" + System.lineSeparator());
    }

    @Test
    void binaryPayloadsArePrintedAsHex() {
        assertThat(EchoCommand.format("t", new byte[] {(byte) 0xff, 0x00, 0x10}, false))
                .isEqualTo("t (not an Envelope, 3 bytes) ff0010");
    }
}

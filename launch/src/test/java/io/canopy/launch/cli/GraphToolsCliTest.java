package io.canopy.launch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.launch.LaunchLoader;
import io.canopy.launch.run.LaunchRunner;
import io.canopy.messaging.MqttNode;
import io.canopy.messaging.NodeConfig;
import io.canopy.proto.Event;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code canopy topic list|info|echo|hz|bw}, {@code node list|info} and {@code call} against a real embedded
 * Moquette broker started by {@code canopy run}'s runner: two {@code <node>}s of one launch file sharing that
 * broker, their retained type registry ({@code <node>/info}) and state, and a service.
 */
class GraphToolsCliTest {
    @TempDir
    static Path dir;
    static LaunchRunner runner;
    static String broker;
    static MqttNode helper;

    @BeforeAll
    static void start() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Files.writeString(dir.resolve("t.xml"), "<root BTCPP_format=\"4\" main_tree_to_execute=\"Main\">\n"
                + "  <BehaviorTree ID=\"Main\"><Sleep msec=\"100000\"/></BehaviorTree>\n</root>\n");
        Path launch = Files.writeString(dir.resolve("two.launch.xml"), """
                <launch>
                  <arg name="port" default="1883"/>
                  <group namespace="robot9">
                    <node name="a">
                      <timer name="control" hz="50"/>
                      <timer name="telemetry" hz="20"/>
                      <tree file="t.xml" timer="control"/>
                      <mqtt port="$(var port)"/>
                      <bind from="mqtt:cmd/stop" to="event:stop"/>
                      <bind from="event:stop" to="mqtt:events/stopped"/>
                    </node>
                    <node name="b">
                      <timer name="telemetry" hz="10"/>
                      <mqtt port="$(var port)"/>
                      <bind from="mqtt:~/cmd" to="blackboard:x" payload="text"/>
                    </node>
                  </group>
                </launch>
                """);
        runner = LaunchRunner.start(LaunchLoader.load(launch, Map.of("port", Integer.toString(port))));
        broker = "tcp://127.0.0.1:" + port;
        helper = MqttNode.start(NodeConfig.builder("helper").namespace("robot9").broker(broker).build());
        assertThat(helper.awaitConnected(10_000)).isTrue();
    }

    @AfterAll
    static void stop() {
        if (helper != null) {
            helper.close();
        }
        if (runner != null) {
            runner.close();
        }
    }

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = CanopyMain.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        String[] all = new String[args.length + 2];
        System.arraycopy(args, 0, all, 0, args.length);
        all[args.length] = "--broker";
        all[args.length + 1] = broker;
        return cl.execute(all);
    }

    @Test
    void twoNodesOfOneLaunchFileShareOneEmbeddedBroker() {
        assertThat(runner.views()).extracting(v -> v.brokerUrl()).containsExactly(broker, broker);
    }

    @Test
    void topicListShowsTheTypeRegistryOfEveryNode() {
        assertThat(run("topic", "list", "--wait", "500ms")).isEqualTo(0);
        assertThat(out.toString().lines()).contains("robot9/a/timers [TimerStats]", "robot9/a/trees [TreeStatus]",
                "robot9/a/info [Event]", "robot9/a/state [text]", "robot9/events/stopped [Event]",
                "robot9/b/timers [TimerStats]", "robot9/b/state [text]",
                "robot9/cmd/stop [Event]", "robot9/b/cmd [text]"); // topics that only have subscribers too
    }

    @Test
    void topicInfoNamesTypePublishersAndSubscribers() {
        assertThat(run("topic", "info", "robot9/cmd/stop", "--wait", "500ms")).isEqualTo(0);
        assertThat(out.toString()).contains("Type: Event", "Subscription count: 1", "robot9/a (online, expects Event)");
        out.getBuffer().setLength(0);
        assertThat(run("topic", "info", "robot9/events/stopped", "--wait", "300ms")).isEqualTo(0);
        assertThat(out.toString()).contains("Publisher count: 1", "  robot9/a (online)");
        out.getBuffer().setLength(0);
        assertThat(run("topic", "info", "robot9/b/cmd", "--wait", "300ms")).isEqualTo(0);
        assertThat(out.toString()).contains("Type: text", "robot9/b (online, expects text)");
        assertThat(run("topic", "info", "nobody/here", "--wait", "300ms")).isEqualTo(CanopyMain.EXIT_FAILED);
        assertThat(err.toString()).contains("no node declares 'nobody/here'");
    }

    @Test
    void nodeListAndInfoReadTheRetainedStateAndRegistry() {
        assertThat(run("node", "list")).isEqualTo(0);
        assertThat(out.toString().lines()).contains("robot9/a online", "robot9/b online", "robot9/helper online");
        out.getBuffer().setLength(0);
        assertThat(run("node", "info", "robot9/a")).isEqualTo(0);
        assertThat(out.toString()).contains("  State: online", "    control hz=50", "    telemetry hz=20",
                "    t file=t.xml timer=control", "    robot9/cmd/stop type=Event",
                "    robot9/a/describe request=Event response=Event");
        assertThat(run("node", "info", "robot9/c")).isEqualTo(CanopyMain.EXIT_FAILED);
        assertThat(err.toString()).contains("no node 'robot9/c'", "(did you mean 'robot9/a'?)");
    }

    @Test
    void aNodeThatLeavesIsListedOffline() throws Exception {
        MqttNode gone = MqttNode.start(NodeConfig.builder("gone").namespace("robot9").broker(broker).build());
        assertThat(gone.awaitConnected(10_000)).isTrue();
        gone.close();
        assertThat(run("node", "list")).isEqualTo(0);
        assertThat(out.toString().lines()).contains("robot9/gone offline");
        out.getBuffer().setLength(0);
        assertThat(run("node", "list", "--online")).isEqualTo(0);
        assertThat(out.toString()).doesNotContain("robot9/gone");
    }

    @Test
    void topicEchoOnceFieldAndJson() {
        assertThat(run("topic", "echo", "robot9/a/timers", "--once", "--field", "timer")).isEqualTo(0);
        assertThat(out.toString().lines().toList()).hasSize(1).first().isIn("control", "telemetry");
        out.getBuffer().setLength(0);
        assertThat(run("topic", "echo", "robot9/a/trees", "--once", "--json")).isEqualTo(0);
        assertThat(out.toString()).startsWith("{\"topic\":\"robot9/a/trees\",\"retained\":false,\"type\":\"TreeStatus\"")
                .contains("\"source\":\"robot9/a\"", "\"tree\":\"t\"");
        out.getBuffer().setLength(0);
        // the retained info: an Event whose JSON payload comes out as JSON, not base64
        assertThat(run("echo", "robot9/a/info", "--once", "--json")).isEqualTo(0);
        assertThat(out.toString()).contains("\"type\":\"Event\"", "\"payload\":{\"node\":\"robot9/a\"");
        out.getBuffer().setLength(0);
        assertThat(run("topic", "echo", "robot9/a/timers", "--once", "--field", "no_such")).isEqualTo(0);
        assertThat(out.toString()).contains("--field: TimerStats has no field 'no_such'; its fields are timer, rate_hz");
    }

    @Test
    void topicHzAndBwMeasureALiveTopic() {
        assertThat(run("topic", "hz", "robot9/b/timers", "--duration", "1500ms")).isEqualTo(0);
        String hz = out.toString();
        assertThat(hz).contains("average rate: ");
        double rate = Double.parseDouble(hz.lines().filter(l -> l.startsWith("average rate: ")).reduce((a, b) -> b)
                .orElseThrow().substring("average rate: ".length()));
        assertThat(rate).isBetween(5.0, 15.0); // one TimerStats per 10 Hz telemetry tick
        out.getBuffer().setLength(0);
        assertThat(run("topic", "bw", "robot9/b/timers", "--duration", "1200ms")).isEqualTo(0);
        assertThat(out.toString()).containsPattern("average: [0-9.]+K?B/s").contains("window: ");
        out.getBuffer().setLength(0);
        assertThat(run("topic", "hz", "robot9/silent", "--duration", "300ms")).isEqualTo(CanopyMain.EXIT_FAILED);
        assertThat(out.toString()).contains("no new messages");
        assertThat(err.toString()).contains("fewer than two messages on 'robot9/silent'");
    }

    @Test
    void callAsksTheDescribeServiceAndReportsErrorsAndTimeouts() throws Exception {
        assertThat(run("call", "robot9/a/describe", "{}")).isEqualTo(0);
        assertThat(out.toString()).startsWith("{\"name\":\"node.info\",\"payload\":{\"node\":\"robot9/a\"");
        out.getBuffer().setLength(0);
        try (var s = helper.newServiceServer("~/fail", Event.class, Event.class, (q, h) -> {
            throw new IllegalStateException("no " + q.getName() + " here");
        })) {
            assertThat(run("call", "robot9/helper/fail", "{\"name\": \"x\"}")).isEqualTo(CanopyMain.EXIT_FAILED);
            assertThat(err.toString()).contains("robot9/helper/fail answered with an error", "no x here");
        }
        assertThat(run("call", "robot9/nobody", "--timeout", "300ms")).isEqualTo(CanopyMain.EXIT_FAILED);
        assertThat(err.toString()).contains("did not answer within 300 ms");
        assertThat(run("call", "robot9/a/describe", "{oops", "--timeout", "300ms")).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
    }

    @Test
    void fieldWalksIntoAnEventsJsonPayload() {
        assertThat(run("topic", "echo", "robot9/a/info", "--once", "--field", "payload.timers.0.name")).isEqualTo(0);
        assertThat(out.toString().strip()).isEqualTo("control");
        out.getBuffer().setLength(0);
        assertThat(run("topic", "echo", "robot9/a/info", "--once", "--field", "payload.timers.1.hz")).isEqualTo(0);
        assertThat(out.toString().strip()).isEqualTo("20");
    }

    @Test
    void topicPubReachesTheNodeWhichAnswersOnItsEventTopic() throws Exception {
        java.util.concurrent.LinkedBlockingQueue<String> got = new java.util.concurrent.LinkedBlockingQueue<>();
        try (var sub = helper.newRawSubscriber("/robot9/events/stopped", io.canopy.messaging.Qos.AT_LEAST_ONCE,
                (t, payload, retained) -> got.add(t))) {
            assertThat(sub.awaitSubscribed(10_000)).as("SUBACK for /robot9/events/stopped").isTrue();
            assertThat(run("topic", "pub", "robot9/cmd/stop", "--event", "stop")).isEqualTo(0);
            assertThat(got.poll(10, java.util.concurrent.TimeUnit.SECONDS)).isEqualTo("robot9/events/stopped");
        }
    }
}

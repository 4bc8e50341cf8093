package io.canopy.launch.foxglove;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import io.canopy.InputException;
import io.canopy.bt.NodeRegistry;
import io.canopy.launch.LaunchLoader;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.report.MonitorOptions;
import io.canopy.launch.run.LaunchRunner;
import io.canopy.testkit.MosquittoProcess;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

/**
 * {@code canopy run examples/patrol.launch.xml --foxglove 0}, in-process on the real clock, watched by a Foxglove
 * client on the JDK's WebSocket: serverInfo, the advertised channels with their FileDescriptorSets, a subscription to
 * the pose, the mission machine and the log; the messages decode with the advertised schemas, the pose moves, the
 * machine reports its state (its last change, though that came before the client subscribed), a log line arrives. A publish request gets a read-only status, not a disconnect.
 */
class FoxgloveLiveTest {
    private LaunchRunner runner;
    private final FoxgloveOptions options = new FoxgloveOptions();

    @AfterEach
    void stop() {
        if (runner != null) {
            runner.shutdown();
        }
        options.close();
    }

    @Test
    void aFoxgloveClientSeesThePoseMoveTheMachineAndTheLog() throws Exception {
        new CommandLine(options).parseArgs("--foxglove", "0");
        LaunchPlan plan = LaunchLoader.load(Path.of("examples/patrol.launch.xml"), Map.of("mqtt_port", String.valueOf(MosquittoProcess.freePort())));
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        runner = LaunchRunner.start(plan, NodeRegistry.withBuiltins(), MonitorOptions.NONE,
                options.taps(null, new PrintStream(printed, true, StandardCharsets.UTF_8)));
        int port = options.server().port();
        assertThat(printed.toString(StandardCharsets.UTF_8)).startsWith("foxglove: ws://127.0.0.1:" + port);

        try (FoxgloveWsClient client = new FoxgloveWsClient(port, false)) {
            assertThat(client.subprotocol).isEqualTo("foxglove.websocket.v1");
            JsonObject info = client.next("serverInfo");
            assertThat(info.get("name").getAsString()).isEqualTo("canopy");
            Map<String, JsonObject> channels = new HashMap<>();
            while (!channels.containsKey("robot1/controller/foxglove/pose")) {
                for (JsonElement c : client.next("advertise").getAsJsonArray("channels")) {
                    channels.put(c.getAsJsonObject().get("topic").getAsString(), c.getAsJsonObject());
                }
            }
            assertThat(channels).containsKeys("log", "robot1/controller/foxglove/pose", "robot1/controller/foxglove/tf",
                    "robot1/controller/foxglove/machine/mission", "robot1/controller/foxglove/tree/patrol");
            assertThat(channels.get("robot1/controller/foxglove/pose").get("schemaName").getAsString()).isEqualTo("foxglove.PoseInFrame");
            assertThat(channels.get("log").get("schemaName").getAsString()).isEqualTo("foxglove.Log");

            Map<Integer, Descriptor> bySub = new HashMap<>();
            int sub = 10;
            StringBuilder subscribe = new StringBuilder("{\"op\":\"subscribe\",\"subscriptions\":[");
            for (String topic : new String[] {"robot1/controller/foxglove/pose", "robot1/controller/foxglove/machine/mission", "log"}) {
                JsonObject c = channels.get(topic);
                bySub.put(sub, FoxgloveWsClient.type(c));
                subscribe.append(sub > 10 ? "," : "").append("{\"id\":").append(sub).append(",\"channelId\":").append(c.get("id").getAsInt()).append('}');
                sub++;
            }
            client.send(subscribe.append("]}").toString());
            boolean logged = false;

            Set<Double> xs = new HashSet<>();
            String machine = null;
            String logLine = null;
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while ((xs.size() < 3 || machine == null || logLine == null) && System.nanoTime() < end) {
                FoxgloveWsClient.Data d = client.data.poll(100, TimeUnit.MILLISECONDS);
                if (d == null) {
                    continue;
                }
                if (!logged) { // the subscriptions are in place: a line logged now goes out on "log"
                    LoggerFactory.getLogger("io.canopy.test").info("hello from the foxglove test");
                    logged = true;
                }
                assertThat(bySub).containsKey(d.subscription());
                assertThat(Math.abs(d.logTimeNs() / 1_000_000 - System.currentTimeMillis())).as("log time is ns since the epoch")
                        .isLessThan(60_000);
                DynamicMessage m = FoxgloveWsClient.decode(bySub.get(d.subscription()), d);
                switch (d.subscription()) {
                    case 10 -> {
                        DynamicMessage pose = (DynamicMessage) m.getField(m.getDescriptorForType().findFieldByName("pose"));
                        DynamicMessage position = (DynamicMessage) pose.getField(pose.getDescriptorForType().findFieldByName("position"));
                        xs.add((Double) position.getField(position.getDescriptorForType().findFieldByName("x")));
                        assertThat(m.getField(m.getDescriptorForType().findFieldByName("frame_id"))).isEqualTo("robot1/controller/odom");
                    }
                    case 11 -> machine = machine != null ? machine : (String) m.getField(m.getDescriptorForType().findFieldByName("value"));
                    default -> {
                        String text = (String) m.getField(m.getDescriptorForType().findFieldByName("message"));
                        if (text.equals("hello from the foxglove test")) {
                            logLine = text;
                        }
                    }
                }
            }
            assertThat(xs).as("distinct x of the pose: the robot moves").hasSizeGreaterThanOrEqualTo(3);
            assertThat(machine).as("the mission machine's state, sent on subscribing though it changed before")
                    .isIn("Patrol", "ReturnToDock", "Charging");
            assertThat(logLine).as("the log line").isNotNull();

            client.send("{\"op\":\"clientAdvertise\",\"channels\":[]}");
            assertThat(client.next("status").get("message").getAsString()).contains("read-only");
            client.send("{not json");
            assertThat(client.next("status").get("message").getAsString()).startsWith("not JSON");
            client.send("{\"op\":\"subscribe\",\"subscriptions\":[{\"id\":99,\"channelId\":9999}]}");
            assertThat(client.next("status").get("message").getAsString()).contains("no channel 9999");
            assertThat(options.server().clients()).as("still connected after bad requests").isEqualTo(1);
        }
    }

    @Test
    void badOptionsSayWhatToWrite() {
        FoxgloveOptions o = new FoxgloveOptions();
        new CommandLine(o).parseArgs("--foxglove-bind", "0.0.0.0");
        assertThatThrownBy(() -> o.taps(null, System.out)).isInstanceOf(InputException.class)
                .hasMessage("--foxglove-bind needs the Foxglove server: add --foxglove [PORT]");
        FoxgloveOptions p = new FoxgloveOptions();
        new CommandLine(p).parseArgs("--foxglove", "70000");
        assertThatThrownBy(() -> p.taps(null, System.out)).hasMessage("--foxglove 70000: not a port; write for example --foxglove 8765");
        FoxgloveOptions none = new FoxgloveOptions();
        new CommandLine(none).parseArgs();
        assertThat(none.taps(null, System.out)).as("without --foxglove: the taps given").isNull();
        FoxgloveOptions dflt = new FoxgloveOptions();
        new CommandLine(dflt).parseArgs("--foxglove");
        assertThat(dflt.port).isEqualTo(8765);
    }

    @Test
    void aPortInUseIsOneLine() {
        try (FoxgloveServer first = FoxgloveServer.start("127.0.0.1", 0)) {
            assertThatThrownBy(() -> FoxgloveServer.start("127.0.0.1", first.port())).isInstanceOf(InputException.class)
                    .hasMessageStartingWith("foxglove server on 127.0.0.1:" + first.port() + ": ")
                    .hasMessageContaining("give another port, for example --foxglove " + (first.port() + 1));
        }
    }
}

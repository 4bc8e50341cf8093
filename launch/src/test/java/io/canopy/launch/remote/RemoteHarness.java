package io.canopy.launch.remote;

import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.canopy.hardware.health.LinkHealth;
import io.canopy.launch.LaunchLoader;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.run.LaunchRunner;
import io.canopy.launch.run.NodeView;
import io.canopy.messaging.broker.EmbeddedBroker;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * A real broker (embedded Moquette, started first so a worker can be online before the node starts), a node run
 * by {@link LaunchRunner} on the system clock whose ComputePathToPose is remote ({@link #startNode}), and the
 * remote log lines. Everything waits on conditions.
 */
abstract class RemoteHarness {
    static final String TOPIC = "robot1/nav/compute_path";
    static final Duration WAIT = Duration.ofSeconds(30);

    /** A worker process or thread as the tests see it. */
    interface Worker extends AutoCloseable {
        /** What it did, one line each: "online TOPIC", "goal ID NODE GOAL", "cancel ID REASON", "result ID STATUS". */
        List<String> log();

        /** Dies without a word (its Last Will says offline). */
        void kill() throws Exception;
    }

    /** The worker under test (null: none). */
    abstract Worker startWorker(String brokerUrl, String topic) throws Exception;

    @TempDir
    Path dir;
    private int port;
    private EmbeddedBroker broker;
    Worker worker;
    private LaunchRunner runner;
    NodeView node;
    private final ListAppender<ILoggingEvent> logs = new ListAppender<>();
    private final Logger remoteLog = (Logger) LoggerFactory.getLogger(RemoteLink.class);
    private final Logger linkLog = (Logger) LoggerFactory.getLogger(LinkHealth.class);

    @BeforeEach
    void startBroker() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        broker = EmbeddedBroker.start(port);
        logs.start();
        remoteLog.addAppender(logs);
        linkLog.addAppender(logs);
    }

    @AfterEach
    void stopAll() throws Exception {
        remoteLog.detachAppender(logs);
        linkLog.detachAppender(logs);
        if (runner != null) {
            runner.close();
        }
        if (worker != null) {
            worker.close();
        }
        broker.close();
    }

    private static final String PALETTE = """
            <root BTCPP_format="4"><TreeNodesModel>
              <Action ID="ComputePathToPose">
                <input_port name="goal" type="std::string">x,y</input_port>
                <input_port name="duration" type="double" default="0">seconds of planning</input_port>
                <output_port name="path" type="std::string"/>
                <output_port name="length" type="double"/>
                <output_port name="progress" type="double">from the feedback</output_port>
              </Action>
            </TreeNodesModel></root>
            """;

    /** Starts the worker, waits until it is online, then the node running {@code tree} (a BehaviorTree body). */
    void start(String tree, String target) throws Exception {
        worker = startWorker(brokerUrl(), TOPIC);
        await().atMost(WAIT).until(() -> worker.log().contains("online " + TOPIC));
        startNode(tree, target, 20_000);
    }

    String brokerUrl() {
        return "tcp://127.0.0.1:" + port;
    }

    /** Starts the node running {@code tree} (a BehaviorTree body) with blackboard {@code target}. */
    void startNode(String tree, String target, long workerTimeoutMs) throws Exception {
        Files.writeString(dir.resolve("nav_nodes.xml"), PALETTE);
        Files.writeString(dir.resolve("main.xml"), """
                <root BTCPP_format="4" main_tree_to_execute="Main"><BehaviorTree ID="Main">
                %s
                </BehaviorTree></root>
                """.formatted(tree));
        Files.writeString(dir.resolve("nav.launch.xml"), """
                <launch><group namespace="robot1"><node name="nav">
                  <timer name="control" hz="50"/>
                  <mqtt broker="tcp://127.0.0.1:%d"/>
                  <palette file="nav_nodes.xml"/>
                  <remote type="ComputePathToPose" topic="nav/compute_path" worker_timeout_ms="%d"/>
                  <tree name="main" file="main.xml" on_finish="stop">
                    <param name="target" value="%s"/>
                    <param name="go" value="1"/>
                  </tree>
                  <bind from="mqtt:cmd/go" to="blackboard:go" payload="text"/>
                </node></group></launch>
                """.formatted(port, workerTimeoutMs, target));
        LaunchPlan plan = LaunchLoader.load(dir.resolve("nav.launch.xml"), Map.of());
        runner = LaunchRunner.start(plan);
        node = runner.views().get(0);
    }

    /** Stops the node as canopy run does on SIGTERM (trees halted, outbox flushed, MQTT closed). */
    void stopNode() {
        runner.close();
        runner = null;
    }

    String bb(String key) {
        return node.blackboardText().get(key);
    }

    static final String OUTCOME = """
            <Fallback>
              <Sequence>
                <ComputePathToPose name="plan" goal="{target}" duration="%s" path="{path}" length="{length}" progress="{progress}"/>
                <Script code="outcome := 'success'"/>
              </Sequence>
              <Script code="outcome := 'failure'"/>
            </Fallback>
            """;

    List<String> messages() {
        return logs.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
    }
}

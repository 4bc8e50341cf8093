package io.canopy.launch.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.google.protobuf.InvalidProtocolBufferException;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Status;
import io.canopy.launch.LaunchLoader;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.run.FileDigest;
import io.canopy.launch.run.LaunchRunner;
import io.canopy.launch.run.NodeView;
import io.canopy.launch.run.PatrolDemoTest;
import io.canopy.launch.run.TreeSlot;
import io.canopy.messaging.MqttNode;
import io.canopy.messaging.NodeConfig;
import io.canopy.messaging.Qos;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node with {@code <deploy/>} on the embedded Moquette broker, in-process on the real clock, taking new tree
 * versions from a real MQTT client ({@link DeployClient}): the swap at a tick boundary ({@code now}), at the first
 * tick its tree is not running ({@code idle}) and when a machine enters a state; invalid, stale and late requests
 * refused with nothing changed; a node without {@code <deploy/>} ignoring requests; a failsafe (a real watchdog stall)
 * within the window after a swap rolling it back; the deployed file kept, so a restart runs it.
 */
class RobotDeployTest {
    static final AtomicLong OLD = new AtomicLong();
    static final AtomicLong NEW = new AtomicLong();
    static final AtomicBoolean FREEZE_ONCE = new AtomicBoolean();

    @TempDir
    Path dir;
    private LaunchRunner runner;
    private MqttNode operator;
    private DeployClient client;
    private RobotDeploy deploy;

    @AfterEach
    void stop() {
        if (client != null) {
            client.close();
        }
        if (operator != null) {
            operator.close();
        }
        if (deploy != null) {
            deploy.close();
        }
        if (runner != null) {
            runner.close();
        }
    }

    static NodeRegistry registry() {
        OLD.set(0);
        NEW.set(0);
        FREEZE_ONCE.set(true);
        return NodeRegistry.withBuiltins().copy().registerAction("Old", () -> {
            OLD.incrementAndGet();
            return Status.RUNNING;
        }).registerAction("New", () -> {
            NEW.incrementAndGet();
            return Status.RUNNING;
        }).registerAction("Freeze", () -> {
            if (FREEZE_ONCE.getAndSet(false)) {
                long until = System.nanoTime() + 300_000_000L;
                while (System.nanoTime() - until < 0) {
                    Thread.onSpinWait(); // a hung leaf: the watchdog sees the tick thread stuck for 300 ms
                }
            }
            return Status.SUCCESS;
        });
    }

    static String tree(String leaf) {
        return """
                <root BTCPP_format="4" main_tree_to_execute="T">
                  <BehaviorTree ID="T"><%s/></BehaviorTree>
                </root>
                """.formatted(leaf);
    }

    private NodeView start(String deployElement, String extra) throws Exception {
        int port = PatrolDemoTest.freePort();
        Files.createDirectories(dir.resolve("trees"));
        Files.writeString(dir.resolve("trees/work.xml"), tree("Old"));
        Files.writeString(dir.resolve("mission.scxml"), """
                <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="A">
                  <state id="A"><transition event="go" target="B"/></state>
                  <state id="B"><transition event="back" target="A"/></state>
                </scxml>
                """);
        Path launch = Files.writeString(dir.resolve("robot.launch.xml"), """
                <launch>
                  <node name="controller" namespace="robot1" stall_ms="60">
                    <timer name="control" hz="50"/>
                    <statemachine name="mission" file="mission.scxml" timer="control"/>
                    <tree name="work" file="trees/work.xml" timer="control" %s/>
                    <mqtt broker="embedded" port="%d"/>
                    <bind from="mqtt:cmd/go" to="event:go"/>
                    %s
                  </node>
                </launch>
                """.formatted(extra, port, deployElement));
        LaunchPlan plan = DeployedFiles.apply(LaunchLoader.load(launch, Map.of()));
        runner = LaunchRunner.start(plan, registry());
        NodeView view = runner.views().get(0);
        deploy = RobotDeploy.attach(view, false);
        assertThat(deploy.awaitSubscribed(10_000)).isTrue();
        operator = MqttNode.start(NodeConfig.builder("operator").broker("tcp://127.0.0.1:" + port).announceState(false).build());
        assertThat(operator.awaitConnected(10_000)).isTrue();
        client = new DeployClient(operator, "robot1/controller");
        return view;
    }

    private static DeployRequest request(long generation, String when, String content) {
        return new DeployRequest(List.of(new DeployRequest.DeployFile("trees/work.xml", content,
                FileDigest.sha256(content.getBytes(StandardCharsets.UTF_8)))), when, generation, 0, "v2", false);
    }

    private DeployReply settle(long generation) throws InterruptedException {
        return client.await(generation, DeployClient::settled, 15_000);
    }

    @Test
    void nowSwapsAtATickBoundaryAndTheNewTreeTicksWithinOneSecondAndARestartRunsIt() throws Exception {
        NodeView view = start("<deploy/>", "");
        TreeSlot slot = view.treeSlots().get(0);
        String before = slot.current().sha256;
        await().atMost(Duration.ofSeconds(10)).until(() -> OLD.get() > 5);

        long sentNs = System.nanoTime();
        client.send(request(1, "now", tree("New")));
        DeployReply accepted = client.await(1, r -> r.status().equals("accepted"), 15_000);
        assertThat(accepted).isNotNull();
        assertThat(accepted.reason()).isEqualTo("swaps now");
        DeployReply swapped = settle(1);
        long seenNs = System.nanoTime();
        assertThat(swapped.status()).isEqualTo("swapped");
        assertThat(swapped.swapMs()).as("ms from the request's arrival to the swap's tick").isBetween(0.0, 1000.0);
        System.out.printf("deploy --when now: request published -> swap reply seen %.1f ms; arrival -> swap tick %.1f ms%n",
                (seenNs - sentNs) / 1e6, swapped.swapMs());
        assertThat((seenNs - sentNs) / 1e6).as("publication to the new tree ticking, seen by the operator").isLessThan(1000);
        long old = OLD.get();
        await().atMost(Duration.ofSeconds(5)).until(() -> NEW.get() > 3);
        assertThat(OLD.get()).as("the old tree no longer ticks").isEqualTo(old);
        assertThat(slot.current().sha256).isNotEqualTo(before).isEqualTo(FileDigest.sha256(tree("New").getBytes(StandardCharsets.UTF_8)));
        assertThat(slot.current().label).isEqualTo("v2");
        assertThat(swapped.versions()).containsExactly("work " + slot.current().sha256);
        // the retained info (canopy node info, the monitors) shows the version that runs, with its label
        AtomicReference<String> info = new AtomicReference<>("");
        operator.newRawSubscriber("/robot1/controller/info", Qos.AT_LEAST_ONCE, (t, payload, retained) -> {
            try {
                info.set(DeployClient.json(payload));
            } catch (InvalidProtocolBufferException e) {
                info.set("not an Envelope: " + e.getMessage());
            }
        });
        String sha = slot.current().sha256;
        await().atMost(Duration.ofSeconds(10)).until(() -> info.get().contains(sha));
        assertThat(info.get()).contains("\"label\":\"v2\"").contains("\"since\":\"20");

        // kept under .deployed/, so a restart runs the new version; the launch file's own copy is untouched
        Path kept = dir.resolve(".deployed/robot1_controller/deployed/trees/work.xml");
        assertThat(kept).hasContent(tree("New").strip());
        assertThat(dir.resolve("trees/work.xml")).hasContent(tree("Old").strip());
        LaunchPlan again = DeployedFiles.apply(LaunchLoader.load(dir.resolve("robot.launch.xml"), Map.of()));
        assertThat(again.nodes().get(0).trees().get(0).file()).isEqualTo(kept);
    }

    @Test
    void aBrokenFileIsRefusedWithItsLineAndTheOldTreeKeepsRunning() throws Exception {
        NodeView view = start("<deploy/>", "");
        TreeSlot slot = view.treeSlots().get(0);
        String before = slot.current().sha256;
        String broken = """
                <root BTCPP_format="4" main_tree_to_execute="T">
                  <BehaviorTree ID="T">
                    <Nope/>
                  </BehaviorTree>
                </root>
                """;
        client.send(request(1, "now", broken));
        DeployReply r = settle(1);
        assertThat(r.status()).isEqualTo("refused");
        assertThat(r.errors()).isNotEmpty();
        assertThat(r.errors().get(0)).as("file:line:column of the bad element, as the launch file names the file")
                .startsWith("trees/work.xml:3:").contains("Nope");
        long old = OLD.get();
        await().atMost(Duration.ofSeconds(5)).until(() -> OLD.get() > old + 5);
        assertThat(slot.current().sha256).isEqualTo(before);
        assertThat(slot.swaps()).isZero();
        assertThat(dir.resolve(".deployed/robot1_controller/deployed/trees/work.xml")).doesNotExist();
    }

    @Test
    void staleGenerationsPastDeadlinesAndUnknownPathsAreRefusedWithTheirReason() throws Exception {
        NodeView view = start("<deploy/>", "");
        client.send(request(5, "now", tree("New")));
        assertThat(settle(5).status()).isEqualTo("swapped");

        client.send(request(4, "now", tree("Old")));
        DeployReply stale = settle(4);
        assertThat(stale.status()).isEqualTo("refused");
        assertThat(stale.reason()).contains("stale: generation 4 is not newer than the last one taken (5)");

        client.send(new DeployRequest(request(6, "now", tree("Old")).files(), "now", 6, System.currentTimeMillis() - 60_000, "", false));
        DeployReply late = settle(6);
        assertThat(late.reason()).startsWith("stale: its deadline passed");

        client.send(new DeployRequest(List.of(new DeployRequest.DeployFile("trees/other.xml", tree("New"), null)), "now", 7, 0, "", false));
        DeployReply unknown = settle(7);
        assertThat(unknown.errors()).containsExactly("trees/other.xml: no tree of node robot1/controller runs this file; "
                + "its tree files are trees/work.xml");

        client.send(new DeployRequest(List.of(new DeployRequest.DeployFile("trees/work.xml", tree("New"), "00")), "now", 8, 0, "", false));
        assertThat(settle(8).errors().get(0)).contains("the content's SHA-256 is").contains("not the 00");
        assertThat(view.treeSlots().get(0).swaps()).isEqualTo(1);
    }

    @Test
    void idleWaitsUntilTheTreesMachineStateIsLeftAndStateWaitsForItsState() throws Exception {
        NodeView view = start("<deploy/>", "active_in=\"mission:A\"");
        TreeSlot slot = view.treeSlots().get(0);
        await().atMost(Duration.ofSeconds(10)).until(() -> OLD.get() > 5);
        client.send(request(1, "idle", tree("New")));
        assertThat(client.await(1, r -> r.status().equals("accepted"), 15_000)).isNotNull();
        long old = OLD.get();
        await().atMost(Duration.ofSeconds(5)).until(() -> OLD.get() > old + 10); // still the old tree while in A
        assertThat(slot.swaps()).isZero();
        assertThat(slot.swapPending()).isTrue();

        view.sendEvent("go"); // the mission leaves A: the tree is idle
        assertThat(settle(1).status()).isEqualTo("swapped");
        await().atMost(Duration.ofSeconds(5)).until(() -> view.machineState("mission").equals("B"));
        assertThat(NEW.get()).as("not ticking in B").isZero();
        view.sendEvent("back");
        await().atMost(Duration.ofSeconds(5)).until(() -> NEW.get() > 3);

        // state:B waits for the machine to enter B
        client.send(request(2, "state:B", tree("Old")));
        assertThat(client.await(2, r -> r.status().equals("accepted"), 15_000).reason()).isEqualTo("swaps state:B");
        long n = NEW.get();
        await().atMost(Duration.ofSeconds(5)).until(() -> NEW.get() > n + 10);
        assertThat(slot.swaps()).isEqualTo(1);
        view.sendEvent("go");
        assertThat(settle(2).status()).isEqualTo("swapped");
    }

    @Test
    void aFailsafeWithinTheWindowAfterASwapRollsItBackAndSaysWhy() throws Exception {
        NodeView view = start("<deploy rollback_window_s=\"20\"/>", "");
        TreeSlot slot = view.treeSlots().get(0);
        String before = slot.current().sha256;
        await().atMost(Duration.ofSeconds(10)).until(() -> OLD.get() > 5);
        client.send(request(1, "now", tree("New").replace("<New/>", "<Sequence><Freeze/><New/></Sequence>")));
        assertThat(settle(1).status()).isEqualTo("swapped");
        DeployReply back = client.await(1, r -> r.status().equals("rolled-back"), 20_000);
        assertThat(back).as("the rollback's reply").isNotNull();
        assertThat(back.reason()).startsWith("the failsafe tripped").contains("within the rollback window of 20 s");
        assertThat(view.failsafeStalls()).isPositive();
        await().atMost(Duration.ofSeconds(5)).until(() -> slot.current().sha256.equals(before));
        long old = OLD.get();
        await().atMost(Duration.ofSeconds(5)).until(() -> OLD.get() > old + 3);
        assertThat(dir.resolve(".deployed/robot1_controller/deployed/trees/work.xml")).as("a restart runs the original").doesNotExist();

        // and on request: deploy again, then canopy deploy --rollback
        FREEZE_ONCE.set(false);
        client.send(request(2, "now", tree("New")));
        assertThat(settle(2).status()).isEqualTo("swapped");
        client.send(new DeployRequest(List.of(), "now", 3, 0, "", true));
        DeployReply asked = client.await(3, r -> r.status().equals("rolled-back"), 15_000);
        assertThat(asked.reason()).contains("asked by the operator");
        await().atMost(Duration.ofSeconds(5)).until(() -> slot.current().sha256.equals(before));
    }

    @Test
    void severalFilesAreCheckedTogetherAndSwapAtOneTickOrNotAtAll() throws Exception {
        Files.createDirectories(dir.resolve("trees"));
        Files.writeString(dir.resolve("trees/second.xml"), tree("Old"));
        NodeView view = start("<deploy/>\n<tree name=\"second\" file=\"trees/second.xml\" timer=\"control\"/>", "");
        TreeSlot work = view.treeSlots().get(0);
        TreeSlot second = view.treeSlots().get(1);
        String good = tree("New");
        String broken = tree("Nope");
        client.send(new DeployRequest(List.of(file("trees/work.xml", good), file("trees/second.xml", broken)), "now", 1, 0, "", false));
        DeployReply refused = settle(1);
        assertThat(refused.status()).isEqualTo("refused");
        assertThat(refused.errors()).anySatisfy(e -> assertThat(e).startsWith("trees/second.xml:").contains("Nope"));
        assertThat(work.swaps()).as("the valid file of a refused deploy is not put in either").isZero();

        client.send(new DeployRequest(List.of(file("trees/work.xml", good), file("trees/second.xml", good)), "now", 2, 0, "", false));
        assertThat(settle(2).status()).isEqualTo("swapped");
        assertThat(work.swaps()).isEqualTo(1);
        assertThat(second.swaps()).isEqualTo(1);
        assertThat(work.current().swappedAtNs()).as("both at the same tick").isEqualTo(second.current().swappedAtNs());
    }

    private static DeployRequest.DeployFile file(String path, String content) {
        return new DeployRequest.DeployFile(path, content, FileDigest.sha256(content.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aNodeWithoutDeployIgnoresRequestsAndCountsThem() throws Exception {
        NodeView view = start("", "");
        client.send(request(1, "now", tree("New")));
        await().atMost(Duration.ofSeconds(10)).until(() -> deploy.ignored() == 1);
        assertThat(client.next(300)).as("no reply").isNull();
        assertThat(view.treeSlots().get(0).swaps()).isZero();
    }
}

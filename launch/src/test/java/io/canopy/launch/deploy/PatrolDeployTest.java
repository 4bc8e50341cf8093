package io.canopy.launch.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.launch.LaunchLoader;
import io.canopy.launch.run.FileDigest;
import io.canopy.launch.run.LaunchRunner;
import io.canopy.launch.run.NodeView;
import io.canopy.launch.run.PatrolDemoTest;
import io.canopy.launch.run.TreeSlot;
import io.canopy.messaging.MqttNode;
import io.canopy.messaging.NodeConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The patrol demo (launch/examples, the simulated base in-process, the embedded broker) with {@code <deploy/>} added,
 * taking a new patrol route from a real MQTT client: with {@code now} the robot moves again within a few ticks of the
 * swap; with {@code idle} the swap waits until the mission leaves Patrol and the next patrol runs the new route; with
 * the base gone silent (the failsafe holding the motors) a deploy is refused.
 */
class PatrolDeployTest {
    @TempDir
    Path dir;
    private LaunchRunner runner;
    private RobotDeploy deploy;
    private MqttNode operator;
    private DeployClient client;

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

    private NodeView start() throws Exception {
        Path examples = Path.of("examples");
        Files.createDirectories(dir.resolve("trees"));
        try (Stream<Path> trees = Files.list(examples.resolve("trees"))) {
            for (Path t : trees.toList()) {
                Files.copy(t, dir.resolve("trees").resolve(t.getFileName()));
            }
        }
        Files.copy(examples.resolve("mission.scxml"), dir.resolve("mission.scxml"));
        String launch = Files.readString(examples.resolve("patrol.launch.xml")).replace("<mqtt broker=", "<deploy/>\n      <mqtt broker=");
        Path file = Files.writeString(dir.resolve("patrol.launch.xml"), launch);
        int port = PatrolDemoTest.freePort();
        runner = LaunchRunner.start(DeployedFiles.apply(LaunchLoader.load(file, Map.of("mqtt_port", Integer.toString(port)))));
        NodeView view = runner.views().get(0);
        deploy = RobotDeploy.attach(view, false);
        assertThat(deploy.awaitSubscribed(10_000)).isTrue();
        operator = MqttNode.start(NodeConfig.builder("operator").broker("tcp://127.0.0.1:" + port).announceState(false).build());
        assertThat(operator.awaitConnected(10_000)).isTrue();
        client = new DeployClient(operator, "robot1/controller");
        return view;
    }

    /** The demo's route with its first corner moved: a tree that drives somewhere else. */
    private static String newRoute() throws Exception {
        return Files.readString(Path.of("examples/trees/patrol.xml")).replace("name=\"SouthWest\" x=\"0.6\" y=\"0.6\"",
                "name=\"SouthWest\" x=\"1.0\" y=\"1.0\"");
    }

    private static DeployRequest request(long generation, String when, String content) {
        return new DeployRequest(List.of(new DeployRequest.DeployFile("trees/patrol.xml", content,
                FileDigest.sha256(content.getBytes(StandardCharsets.UTF_8)))), when, generation, 0, "", false);
    }

    private static TreeSlot patrol(NodeView view) {
        return view.treeSlots().stream().filter(s -> s.plan.name().equals("patrol")).findFirst().orElseThrow();
    }

    private static boolean moving(NodeView view) {
        var s = view.simulator("base").snapshot();
        return Math.abs(s.leftRadS()) > 1 || Math.abs(s.rightRadS()) > 1;
    }

    @Test
    void nowHaltsAndRestartsThePatrolAndTheRobotMovesAgainWithinAFewTicks() throws Exception {
        NodeView view = start();
        await().atMost(Duration.ofSeconds(15)).until(() -> "Patrol".equals(view.machineState("mission")) && moving(view));
        String content = newRoute();
        client.send(request(1, "now", content));
        DeployReply r = client.await(1, DeployClient::settled, 15_000);
        assertThat(r.status()).isEqualTo("swapped");
        long swapTick = view.ticks();
        await().atMost(Duration.ofSeconds(5)).until(() -> moving(view) && patrol(view).ticks() > 0);
        long ticks = view.ticks() - swapTick;
        System.out.printf("deploy --when now on the patrol demo: moving again %d control ticks after the swap was seen%n", ticks);
        assertThat(ticks).as("control ticks from the swap to the wheels turning again").isLessThanOrEqualTo(10);
        assertThat(patrol(view).current().sha256).isEqualTo(FileDigest.sha256(content.getBytes(StandardCharsets.UTF_8)));
        assertThat(view.machineState("mission")).isEqualTo("Patrol");
    }

    @Test
    void idleWaitsForTheMissionToLeavePatrolAndTheNextPatrolRunsTheNewRoute() throws Exception {
        NodeView view = start();
        await().atMost(Duration.ofSeconds(15)).until(() -> "Patrol".equals(view.machineState("mission")) && moving(view));
        TreeSlot slot = patrol(view);
        String before = slot.current().sha256;
        String content = newRoute();
        client.send(request(1, "idle", content));
        assertThat(client.await(1, x -> x.status().equals("accepted"), 15_000)).isNotNull();
        long ticks = slot.ticks();
        await().atMost(Duration.ofSeconds(5)).until(() -> slot.ticks() > ticks + 25);
        assertThat(slot.current().sha256).as("still the old route while patrolling").isEqualTo(before);

        view.sendEvent("stop"); // the mission leaves Patrol for Idle
        assertThat(client.await(1, DeployClient::settled, 15_000).status()).isEqualTo("swapped");
        await().atMost(Duration.ofSeconds(5)).until(() -> "Idle".equals(view.machineState("mission")));
        view.sendEvent("start");
        await().atMost(Duration.ofSeconds(5)).until(() -> "Patrol".equals(view.machineState("mission")));
        await().atMost(Duration.ofSeconds(5)).until(() -> "SouthWest".equals(slot.runningAction()));
        assertThat(slot.current().sha256).isEqualTo(FileDigest.sha256(content.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aDeployWhileTheFailsafeHoldsTheMotorsIsRefused() throws Exception {
        NodeView view = start();
        await().atMost(Duration.ofSeconds(15)).until(() -> moving(view));
        view.simulator("base").close(); // the base goes silent: the failsafe holds the motors
        await().atMost(Duration.ofSeconds(10)).until(view::failsafeEngaged);
        client.send(request(1, "now", newRoute()));
        DeployReply r = client.await(1, DeployClient::settled, 15_000);
        assertThat(r.status()).isEqualTo("refused");
        assertThat(r.reason()).startsWith("the failsafe holds the motors now");
        assertThat(patrol(view).swaps()).isZero();
    }
}

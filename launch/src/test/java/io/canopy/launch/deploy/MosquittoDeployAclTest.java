package io.canopy.launch.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.launch.LaunchLoader;
import io.canopy.launch.run.FileDigest;
import io.canopy.launch.run.LaunchRunner;
import io.canopy.launch.run.NodeView;
import io.canopy.messaging.MqttNode;
import io.canopy.messaging.NodeConfig;
import io.canopy.testkit.MosquittoProcess;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A deploy through a real Mosquitto with a password per client and the ACL of docs/fleet.md ("Who may deploy"): the
 * operator's request reaches robot1, which swaps; the same request from robot2's login is dropped by the broker, so
 * robot1 never sees it.
 */
class MosquittoDeployAclTest {
    @TempDir
    Path dir;

    /** The ACL lines of docs/fleet.md's "Who may deploy: a Mosquitto ACL", as written there. */
    static final List<String> ACL = List.of(
            "user operator",
            "topic write +/+/deploy/request",
            "topic read +/+/deploy/reply",
            "topic read +/+/info",
            "topic read +/+/state",
            "",
            "pattern read %u/#",
            "pattern write %u/+/+",
            "pattern write %u/+/deploy/reply",
            "pattern write %u/status/#");

    private static void run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).isZero();
    }

    private static MqttNode login(String url, String user, String password) throws InterruptedException {
        MqttNode n = MqttNode.start(NodeConfig.builder(user + "-client").broker(url).credentials(user, password.toCharArray())
                .announceState(false).build());
        assertThat(n.awaitConnected(10_000)).as(user + " logs in").isTrue();
        return n;
    }

    @Test
    void theOperatorDeploysAndAnotherRobotCannot() throws Exception {
        assertThat(Files.readString(Path.of("../docs/fleet.md"))).as("the ACL the docs give").contains(String.join("\n", ACL));
        Path passwd = dir.resolve("passwd");
        run("/usr/bin/mosquitto_passwd", "-b", "-c", passwd.toString(), "operator", "op-secret");
        run("/usr/bin/mosquitto_passwd", "-b", passwd.toString(), "robot1", "r1-secret");
        run("/usr/bin/mosquitto_passwd", "-b", passwd.toString(), "robot2", "r2-secret");
        Path acl = Files.write(dir.resolve("acl"), ACL);
        try (MosquittoProcess broker = MosquittoProcess.start(dir, List.of("allow_anonymous false", "password_file " + passwd,
                "acl_file " + acl))) {
            Files.writeString(dir.resolve("t.xml"), RobotDeployTest.tree("Old"));
            Path launch = Files.writeString(dir.resolve("r.launch.xml"), """
                    <launch>
                      <node name="controller" namespace="robot1">
                        <timer name="control" hz="50"/>
                        <tree name="work" file="t.xml" timer="control"/>
                        <mqtt broker="%s" user="robot1" password="r1-secret"/>
                        <deploy/>
                      </node>
                    </launch>
                    """.formatted(broker.url()));
            try (LaunchRunner runner = LaunchRunner.start(LaunchLoader.load(launch, Map.of()), RobotDeployTest.registry())) {
                NodeView view = runner.views().get(0);
                try (RobotDeploy deploy = RobotDeploy.attach(view, false);
                        MqttNode intruder = login(broker.url(), "robot2", "r2-secret");
                        MqttNode operator = login(broker.url(), "operator", "op-secret")) {
                    assertThat(deploy.awaitSubscribed(10_000)).isTrue();
                    String content = RobotDeployTest.tree("New");
                    DeployRequest r = new DeployRequest(List.of(new DeployRequest.DeployFile("t.xml", content,
                            FileDigest.sha256(content.getBytes(StandardCharsets.UTF_8)))), "now", 1, 0, "", false);

                    try (DeployClient fromRobot2 = new DeployClient(intruder, "robot1/controller");
                            DeployClient watch = new DeployClient(operator, "robot1/controller")) {
                        fromRobot2.send(r);
                        assertThat(watch.next(2000)).as("robot1 answers nothing: the broker dropped robot2's request").isNull();
                        assertThat(view.treeSlots().get(0).swaps()).isZero();

                        watch.send(r);
                        DeployReply reply = watch.await(1, DeployClient::settled, 15_000);
                        assertThat(reply).isNotNull();
                        assertThat(reply.status()).isEqualTo("swapped");
                        assertThat(view.treeSlots().get(0).swaps()).isEqualTo(1);
                    }
                }
            }
        }
    }
}

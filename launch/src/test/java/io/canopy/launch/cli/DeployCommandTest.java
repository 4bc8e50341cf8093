package io.canopy.launch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.launch.LaunchLoader;
import io.canopy.launch.deploy.DeployedFiles;
import io.canopy.launch.deploy.RobotDeploy;
import io.canopy.launch.run.DemoRecording;
import io.canopy.launch.run.FileDigest;
import io.canopy.launch.run.LaunchRunner;
import io.canopy.launch.run.NodeView;
import io.canopy.launch.run.PatrolDemoTest;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code canopy deploy} from the command line (registered the way CanopyMain will register it): a three-robot fleet on
 * one embedded broker taking a new tree with {@code --canary 1} (one line per robot, exit 0 once all run it), and
 * {@code --check} refusing a change that diverges on a recording of the patrol demo.
 */
class DeployCommandTest {
    @TempDir
    Path dir;
    private LaunchRunner runner;
    private final List<RobotDeploy> deploys = new ArrayList<>();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @AfterEach
    void stop() {
        deploys.forEach(RobotDeploy::close);
        if (runner != null) {
            runner.close();
        }
    }

    private int run(String... args) {
        CommandLine cl = CanopyMain.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    private static String tree(String script) {
        return """
                <root BTCPP_format="4" main_tree_to_execute="T">
                  <BehaviorTree ID="T"><Sequence><Script code="%s"/><Sleep msec="100000"/></Sequence></BehaviorTree>
                </root>
                """.formatted(script);
    }

    @Test
    void threeRobotsTakeANewTreeCanaryFirstOneLineEach() throws Exception {
        int port = PatrolDemoTest.freePort();
        Files.createDirectories(dir.resolve("trees"));
        Files.writeString(dir.resolve("trees/work.xml"), tree("v := 1"));
        StringBuilder nodes = new StringBuilder();
        for (int i = 1; i <= 3; i++) {
            nodes.append("""
                    <node name="controller" namespace="robot%d">
                      <timer name="control" hz="50"/>
                      <tree name="work" file="trees/work.xml" timer="control"/>
                      <mqtt broker="%s" port="%d"/>
                      <deploy/>
                    </node>
                    """.formatted(i, i == 1 ? "embedded" : "tcp://127.0.0.1:" + port, port));
        }
        Path launch = Files.writeString(dir.resolve("fleet.launch.xml"), "<launch>\n" + nodes + "</launch>\n");
        runner = LaunchRunner.start(DeployedFiles.apply(LaunchLoader.load(launch, Map.of())));
        for (NodeView v : runner.views()) {
            RobotDeploy d = RobotDeploy.attach(v, false);
            assertThat(d.awaitSubscribed(10_000)).isTrue();
            deploys.add(d);
        }
        Path v2 = Files.writeString(dir.resolve("work-v2.xml"), tree("v := 2"));

        int code = run("deploy", "--broker", "tcp://127.0.0.1:" + port, "robot*/controller", "trees/work.xml=" + v2,
                "--when", "now", "--canary", "1", "--canary-wait", "1s", "--label", "v2", "--wait", "2s");

        String text = out.toString();
        assertThat(code).as(text + err).isEqualTo(0);
        List<String> lines = text.lines().toList();
        assertThat(lines).hasSize(4);
        assertThat(lines.get(0)).startsWith("robot1/controller: swapped work ");
        assertThat(lines.get(1)).startsWith("canary: 1 node(s) ran it 1s without a rollback; deploying to the other 2");
        assertThat(lines.subList(2, 4)).allSatisfy(l -> assertThat(l).matches("robot[23]/controller: swapped work [0-9a-f]{12} .*"));
        String sha = FileDigest.sha256(Files.readAllBytes(v2));
        for (NodeView v : runner.views()) {
            assertThat(v.treeSlots().get(0).current().sha256).isEqualTo(sha);
            assertThat(v.treeSlots().get(0).current().label).isEqualTo("v2");
        }
    }

    @Test
    void checkRefusesAChangeThatDivergesOnARecordingAndSaysWhere() throws Exception {
        Path rec = dir.resolve("patrol.mcap");
        DemoRecording.record(rec, Map.of("battery", "60"), 4, Map.of());
        String patrol = Files.readString(Path.of("examples/trees/patrol.xml"));
        Path changed = Files.writeString(dir.resolve("patrol-v2.xml"), patrol.replace("x=\"0.6\" y=\"0.6\"", "x=\"2.0\" y=\"0.6\""));

        int code = run("deploy", "--broker", "tcp://127.0.0.1:1", "robot1/controller", "trees/patrol.xml=" + changed,
                "--check", rec.toString());

        assertThat(code).isEqualTo(CanopyMain.EXIT_FAILED);
        assertThat(out.toString()).contains(rec + ": diverges on ").contains("not deployed: the new files change what the robot does");

        out.getBuffer().setLength(0);
        Path same = Files.writeString(dir.resolve("patrol.xml"), patrol);
        code = run("deploy", "--broker", "tcp://127.0.0.1:1", "--connect-timeout-ms", "300", "robot1/controller",
                "trees/patrol.xml=" + same, "--check", rec.toString());
        assertThat(out.toString()).contains(rec + ": identical: ");
        assertThat(code).as("the check passes; then the broker is not reachable").isEqualTo(CanopyMain.EXIT_BAD_INPUT);
    }
}

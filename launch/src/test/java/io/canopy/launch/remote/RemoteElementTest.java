package io.canopy.launch.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.canopy.launch.LaunchException;
import io.canopy.launch.LaunchLoader;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.plan.RemotePlan;
import io.canopy.launch.read.FileCheck;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code <remote>} element: what it reads, and one error line per mistake, all at once, with file:line:column. */
class RemoteElementTest {
    @TempDir
    Path dir;

    @BeforeEach
    void files() throws Exception {
        Files.writeString(dir.resolve("nav_nodes.xml"), """
                <root BTCPP_format="4"><TreeNodesModel>
                  <Action ID="ComputePathToPose">
                    <input_port name="goal"/>
                    <output_port name="path"/>
                  </Action>
                  <Condition ID="IsStuck"/>
                </TreeNodesModel></root>
                """);
        Files.writeString(dir.resolve("main.xml"), """
                <root BTCPP_format="4" main_tree_to_execute="Main">
                  <BehaviorTree ID="Main"><ComputePathToPose goal="1,2" path="{path}"/></BehaviorTree>
                  <TreeNodesModel><Action ID="FollowPath"><input_port name="path"/></Action></TreeNodesModel>
                </root>
                """);
    }

    private Path launch(String remotes) throws Exception {
        return Files.writeString(dir.resolve("nav.launch.xml"), """
                <launch><group namespace="robot1"><node name="nav">
                  <timer name="control" hz="50"/>
                  <palette file="nav_nodes.xml"/>
                  <tree file="main.xml"/>
                %s
                </node></group></launch>
                """.formatted(remotes));
    }

    @Test
    void aRemoteNamesADeclaredActionAndATopicResolvedInTheNodesNamespace() throws Exception {
        LaunchPlan plan = LaunchLoader.load(launch("""
                  <remote type="ComputePathToPose" topic="nav/compute_path"/>
                  <remote type="FollowPath" topic="/fleet/follow" worker_timeout_ms="500"/>
                """), Map.of());
        List<RemotePlan> remotes = plan.nodes().get(0).remotes();
        assertThat(remotes).extracting(RemotePlan::type, RemotePlan::topic, RemotePlan::workerTimeoutMs)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("ComputePathToPose", "robot1/nav/compute_path", 2000L),
                        org.assertj.core.groups.Tuple.tuple("FollowPath", "fleet/follow", 500L));
        assertThat(remotes.get(0).ports()).extracting(p -> p.name()).containsExactly("goal", "path");
        assertThat(remotes.get(1).source().line()).isEqualTo(6);
    }

    @Test
    void everyMistakeIsOneLineWithFileLineAndColumnAllAtOnce() throws Exception {
        Path file = launch("""
                  <remote type="NotDeclared" topic="a"/>
                  <remote type="IsStuck" topic="b"/>
                  <remote type="Sequence" topic="c"/>
                  <remote type="ComputePathToPose"/>
                  <remote type="ComputePathToPose" topic="nav/a"/>
                  <remote type="ComputePathToPose" topic="nav/b"/>
                  <remote type="FollowPath" topic="nav/#"/>
                  <remote topic="d"/>
                """);
        LaunchException e = catchThrowableOfType(() -> LaunchLoader.load(file, Map.of()), LaunchException.class);
        assertThat(e.errors()).allMatch(l -> l.contains("nav.launch.xml:"));
        String at = ""; // an error about one attribute points at that attribute, not at the end of the tag
        assertThat(e.errors().stream().map(l -> l.substring(l.indexOf("nav.launch.xml:") + "nav.launch.xml:".length())))
                .containsExactly(
                at + "8:37: <remote>: missing attribute 'topic'; add it, for example topic=\"nav/compute_path\"",
                at + "11:29: <remote>: attribute 'topic': \"nav/#\" is not a topic to publish on (no spaces, no wildcards"
                        + " + #, no trailing '/'); write for example topic=\"nav/compute_path\"",
                at + "12:22: <remote>: missing attribute 'type'; add it, for example type=\"ComputePathToPose\"",
                at + "5:11: <remote>: attribute 'type': no palette of this node declares 'NotDeclared'; declare it as"
                        + " <Action ID=\"NotDeclared\"> in a <TreeNodesModel> (<palette file=\"...\"/> or the tree file)",
                at + "6:11: <remote>: attribute 'type': 'IsStuck' is declared as a Condition (at " + dir.toRealPath().resolve("nav_nodes.xml")
                        + ":6:28), not an Action; only actions run remotely",
                at + "7:11: <remote>: attribute 'type': 'Sequence' is a control built into Canopy, not a declared action;"
                        + " a remote runs an action your palette declares",
                at + "10:51: <remote>: a second <remote> for type 'ComputePathToPose' (the first is at line 9:51); one type"
                        + " runs on one worker topic: remove one");
    }

    @Test
    void validateChecksATreeAgainstTheRemoteTypesDeclaredPorts() throws Exception {
        Path file = launch("  <remote type=\"ComputePathToPose\" topic=\"nav/compute_path\"/>");
        assertThat(FileCheck.check(file, Map.of())).as("a declared action bound to a remote runs; nothing to report").isEmpty();

        Files.writeString(dir.resolve("main.xml"), """
                <root BTCPP_format="4" main_tree_to_execute="Main">
                  <BehaviorTree ID="Main"><ComputePathToPose gaol="1,2"/></BehaviorTree>
                </root>
                """);
        assertThat(FileCheck.check(file, Map.of())).singleElement().asString()
                .contains("main.xml:2:46").contains("unknown port 'gaol'").contains("did you mean 'goal'?");
    }

    @Test
    void thePythonWorkerExampleValidates() {
        Path example = RemoteHarnessPaths.ROOT.resolve("examples/remote-worker-python/planner.launch.xml");
        assertThat(FileCheck.check(example, Map.of())).isEmpty();
        LaunchPlan plan = LaunchLoader.load(example, Map.of());
        assertThat(plan.nodes().get(0).remotes()).singleElement().extracting(RemotePlan::topic).isEqualTo("nav/compute_path");
    }
}

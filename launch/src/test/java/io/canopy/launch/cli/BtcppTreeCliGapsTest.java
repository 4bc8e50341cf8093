package io.canopy.launch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.bt.Blackboard;
import io.canopy.bt.Status;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.bt.load.XmlTreeLoader;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.ManualNanoClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #15 on the command line: {@code --palette} on graph and tree-test as on validate, {@code canopy tree
 * upgrade} beside {@code tree-upgrade}, {@code <include>} found through {@code --path}, hundreds of errors at once,
 * and raw {@code < > &} in attribute values accepted with a warning as tinyxml2 (BT.CPP's parser) accepts them.
 */
class BtcppTreeCliGapsTest {
    static final Path NAV2 = BtcppTreesCliTest.NAV2;
    static final String PALETTE = NAV2.resolve("palette.xml").toString();
    static final String NAVIGATE = NAV2.resolve("navigate_to_pose_w_replanning_and_recovery.xml").toString();

    @TempDir
    Path dir;

    private Path typo() throws IOException {
        return Files.writeString(dir.resolve("typo.xml"),
                Files.readString(Path.of(NAVIGATE)).replace("<ComputePathToPose", "<ComputePathToPos"));
    }

    @Test
    void graphWithAPaletteChecksTheTreeAgainstItBeforeDrawing() throws IOException {
        Object[] ok = ValidateCommandTest.run("graph", "--palette", PALETTE, NAVIGATE);
        assertThat(ok[0]).as("stderr: %s", ok[2]).isEqualTo(0);
        assertThat((String) ok[1]).startsWith("digraph \"NavigateToPoseWReplanningAndRecovery\"").contains("ComputePathToPose");

        String bad = typo().toString();
        Object[] refused = ValidateCommandTest.run("graph", "--palette", PALETTE, bad);
        assertThat(refused[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat((String) refused[1]).doesNotContain("digraph");
        assertThat((String) refused[2]).contains("typo.xml:", "unknown node type 'ComputePathToPos'; did you mean ComputePathToPose?")
                .contains("nothing drawn").doesNotContain("\tat ");
        // without a palette graph draws from the XML alone (leaves registered in your own Java code draw too)
        assertThat(ValidateCommandTest.run("graph", bad)[0]).isEqualTo(0);
    }

    @Test
    void graphRefusesAPaletteWithALaunchFileSayingWhereItGoes() throws IOException {
        Path launch = Files.writeString(dir.resolve("r.launch.xml"), "<launch><node name=\"n\"/></launch>\n");
        Object[] r = ValidateCommandTest.run("graph", "--palette", PALETTE, launch.toString());
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat((String) r[2]).contains("<palette file=").hasLineCount(1);
    }

    @Test
    void validateSaysAPaletteDoesNotApplyToALaunchFileInsteadOfIgnoringIt() throws IOException {
        Files.writeString(dir.resolve("t.xml"), "<root BTCPP_format=\"4\"><BehaviorTree ID=\"M\"><AlwaysSuccess/></BehaviorTree></root>");
        Path launch = Files.writeString(dir.resolve("r.launch.xml"), """
                <launch><node name="n"><timer name="control" hz="10"/><tree file="t.xml"/></node></launch>
                """);
        Object[] r = ValidateCommandTest.run("validate", "--palette", PALETTE, launch.toString());
        assertThat(r[0]).as("stderr: %s", r[2]).isEqualTo(0);
        assertThat((String) r[2]).contains("warning: " + launch + ": --palette and --plugin apply to tree files", "<palette file=")
                .hasLineCount(1);
        assertThat(ValidateCommandTest.run("validate", "--strict", "--palette", PALETTE, launch.toString())[0])
                .isEqualTo(CanopyMain.EXIT_BAD_INPUT);
    }

    @Test
    void treeTestTakesPalettesFromTheCommandLine() throws IOException {
        Files.writeString(dir.resolve("tree.xml"), """
                <root BTCPP_format="4" main_tree_to_execute="M"><BehaviorTree ID="M">
                  <Sequence><ComputePathToPose goal="{goal}" path="{path}"/><FollowPath path="{path}"/></Sequence>
                </BehaviorTree></root>
                """);
        Path yaml = Files.writeString(dir.resolve("t.yaml"), """
                file: tree.xml
                cases:
                  - id: plans_and_follows
                    max_ticks: 20
                    stand_ins:
                      ComputePathToPose: {running_ticks: 2, outputs: {path: p1}}
                    expect:
                      result: SUCCESS
                      blackboard: {path: p1}
                """);
        Object[] with = ValidateCommandTest.run("tree-test", "--palette", PALETTE, yaml.toString());
        assertThat(with[0]).as("out: %s err: %s", with[1], with[2]).isEqualTo(0);
        assertThat((String) with[1]).contains("PASS plans_and_follows", "1 passed, 0 failed");
        Object[] without = ValidateCommandTest.run("tree-test", yaml.toString());
        assertThat(without[0]).isNotEqualTo(0);
        assertThat((String) without[1] + without[2]).contains("ComputePathToPose");
    }

    private static final String V3 = "<root main_tree_to_execute=\"M\">\n<BehaviorTree ID=\"M\">\n"
            + "<SequenceStar><AlwaysSuccess/></SequenceStar>\n</BehaviorTree>\n</root>\n";

    @Test
    void treeUpgradeAndTreeDashUpgradeAreTheSameCommand() throws IOException {
        Path a = Files.writeString(dir.resolve("a.xml"), V3);
        Path b = Files.writeString(dir.resolve("b.xml"), V3);
        Object[] spaced = ValidateCommandTest.run("tree", "upgrade", "--stdout", a.toString());
        Object[] dashed = ValidateCommandTest.run("tree-upgrade", "--stdout", b.toString());
        assertThat(spaced[0]).isEqualTo(0).isEqualTo(dashed[0]);
        assertThat((String) spaced[1]).contains("BTCPP_format=\"4\"", "<SequenceWithMemory>").isEqualTo(dashed[1]);
        assertThat(Files.readString(a)).isEqualTo(V3); // --stdout leaves the file alone

        Object[] inPlace = ValidateCommandTest.run("tree", "upgrade", a.toString());
        assertThat(inPlace[0]).isEqualTo(0);
        assertThat(Files.readString(a)).contains("<SequenceWithMemory>");
        assertThat(Files.readString(dir.resolve("a.xml.v3"))).isEqualTo(V3);
        assertThat(ValidateCommandTest.run("validate", a.toString())[0]).isEqualTo(0);

        Object[] help = ValidateCommandTest.run("tree", "--help");
        assertThat((String) help[1]).contains("upgrade");
        assertThat((String) ValidateCommandTest.run("tree", "upgrade", "--help")[1]).contains("Usage: canopy tree upgrade",
                "Example: canopy tree upgrade", "Exit codes: 0");
        String top = (String) ValidateCommandTest.run("--help")[1];
        assertThat(top).containsPattern("\\n  tree  +Tools for BehaviorTree.CPP").doesNotContain("tree-upgrade"); // listed once
        Object[] missing = ValidateCommandTest.run("tree", "upgrade", dir.resolve("nope.xml").toString());
        assertThat(missing[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat((String) missing[2]).contains("nope.xml").doesNotContain("\tat ");
    }

    /** A package folder as ROS lays it out (share/PKG/behavior_trees/...), found through --path. */
    private Path packages() throws IOException {
        Path pkgs = dir.resolve("ws/install");
        Path trees = Files.createDirectories(pkgs.resolve("my_robot_bt/share/my_robot_bt/behavior_trees"));
        Files.writeString(trees.resolve("recover.xml"), """
                <root BTCPP_format="4"><BehaviorTree ID="Recover"><Sequence><AlwaysSuccess name="backed_up"/>
                </Sequence></BehaviorTree></root>
                """);
        Path common = Files.createDirectories(dir.resolve("common"));
        Files.writeString(common.resolve("wait.xml"), """
                <root BTCPP_format="4"><BehaviorTree ID="WaitABit"><Sleep msec="10"/></BehaviorTree></root>
                """);
        return pkgs;
    }

    @Test
    void includesAreFoundThroughPathLikeRosPackages() throws IOException {
        Path pkgs = packages();
        Path mission = Files.createDirectories(dir.resolve("mission"));
        Path tree = Files.writeString(mission.resolve("main.xml"), """
                <root BTCPP_format="4" main_tree_to_execute="Main">
                  <include ros_pkg="my_robot_bt" path="behavior_trees/recover.xml"/>
                  <include path="wait.xml"/>
                  <BehaviorTree ID="Main"><Sequence><SubTree ID="WaitABit"/><SubTree ID="Recover"/></Sequence></BehaviorTree>
                </root>
                """);
        Object[] without = ValidateCommandTest.run("validate", tree.toString());
        assertThat(without[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat((String) without[2]).contains("main.xml:2:", "ros_pkg=\"my_robot_bt\"", "no such file", "--path DIR");

        Object[] with = ValidateCommandTest.run("validate", "--path", pkgs.toString(), "--path", dir.resolve("common").toString(),
                tree.toString());
        assertThat(with[0]).as("stderr: %s", with[2]).isEqualTo(0);
        assertThat((String) with[1]).contains("OK " + tree);
    }

    @Test
    void graphDrawsTreesFromIncludedFilesInTheirSubTreeClusters() throws IOException {
        packages();
        Path mission = Files.createDirectories(dir.resolve("mission"));
        Path tree = Files.writeString(mission.resolve("main.xml"), """
                <root BTCPP_format="4" main_tree_to_execute="Main">
                  <include path="../common/wait.xml"/>
                  <BehaviorTree ID="Main"><Sequence><SubTree ID="WaitABit"/><AlwaysSuccess/></Sequence></BehaviorTree>
                </root>
                """);
        Object[] r = ValidateCommandTest.run("graph", tree.toString());
        assertThat(r[0]).as("stderr: %s", r[2]).isEqualTo(0);
        assertThat((String) r[1]).contains("label=\"WaitABit\"", "Sleep\\nmsec=10");
        Object[] checked = ValidateCommandTest.run("graph", "--palette", PALETTE, tree.toString());
        assertThat(checked[0]).as("stderr: %s", checked[2]).isEqualTo(0);
        assertThat(checked[1]).isEqualTo(r[1]);
    }

    @Test
    void graphFindsRosPackageIncludesThroughPath() throws IOException {
        Path pkgs = packages();
        Path tree = Files.writeString(Files.createDirectories(dir.resolve("mission")).resolve("main.xml"), """
                <root BTCPP_format="4" main_tree_to_execute="Main">
                  <include ros_pkg="my_robot_bt" path="behavior_trees/recover.xml"/>
                  <BehaviorTree ID="Main"><Sequence><SubTree ID="Recover"/></Sequence></BehaviorTree>
                </root>
                """);
        Object[] without = ValidateCommandTest.run("graph", tree.toString());
        assertThat(without[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat((String) without[2]).contains("main.xml:2:", "no such file", "--path DIR").hasLineCount(1);
        Object[] with = ValidateCommandTest.run("graph", "--path", pkgs.toString(), tree.toString());
        assertThat(with[0]).as("stderr: %s", with[2]).isEqualTo(0);
        assertThat((String) with[1]).contains("label=\"Recover\"", "backed_up");
        Object[] checked = ValidateCommandTest.run("graph", "--path", pkgs.toString(), "--palette", PALETTE, tree.toString());
        assertThat(checked[0]).as("stderr: %s", checked[2]).isEqualTo(0);
    }

    @Test
    void fiveHundredUnknownNodesAreOneLineEachThenACountAndExitTwo() throws IOException {
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < 500; i++) {
            body.append("    <Unknown").append(i).append(" x=\"1\"/>\n");
        }
        Path f = Files.writeString(dir.resolve("many.xml"), "<root BTCPP_format=\"4\" main_tree_to_execute=\"M\">\n"
                + "  <BehaviorTree ID=\"M\"><Sequence>\n" + body + "  </Sequence></BehaviorTree>\n</root>\n");
        Object[] r = ValidateCommandTest.run("validate", f.toString());
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        List<String> lines = ((String) r[2]).lines().toList();
        assertThat(lines).hasSize(102);
        for (int i = 0; i < 100; i++) {
            assertThat(lines.get(i)).matches(java.util.regex.Pattern.quote(f + ":" + (i + 3) + ":") + "\\d+: <Unknown" + i
                    + ">: unknown node type 'Unknown" + i + "'; declare it in a palette .*");
        }
        assertThat(lines.get(100)).isEqualTo(f + ": 400 more error(s) not shown; fix these first");
        assertThat(lines.get(101)).isEqualTo("1 of 1 file(s) have errors");
        assertThat((String) r[2]).doesNotContain("\tat ").doesNotContain("Exception");
        assertThat((String) r[1]).isEmpty();
    }

    @Test
    void rawAnglesAndAmpersandsInAttributeValuesLoadWithOneWarningEach() throws IOException {
        Path f = Files.writeString(dir.resolve("script.xml"), """
                <root BTCPP_format="4" main_tree_to_execute="M">
                  <BehaviorTree ID="M">
                    <Sequence>
                      <Script code="a := 1; b := 2"/>
                      <Script code="less := a < b; more := a > b"/>
                      <Precondition if="a<b && b>a" else="FAILURE"><Script code="both := true"/></Precondition>
                      <Script code="label := 'x&nbsp;y'"/>
                    </Sequence>
                  </BehaviorTree>
                </root>
                """);
        Object[] r = ValidateCommandTest.run("validate", f.toString());
        assertThat(r[0]).as("stderr: %s", r[2]).isEqualTo(0);
        assertThat((String) r[1]).contains("OK " + f);
        assertThat(((String) r[2]).lines().toList()).containsExactly(
                "warning: " + f + ":5:31: raw '<' in the attribute value \"less := a < b; more := a > b\"; write &lt;"
                        + " (accepted as BehaviorTree.CPP does)",
                "warning: " + f + ":6:26: raw '<' in the attribute value \"a<b && b>a\"; write &lt; (accepted as BehaviorTree.CPP does)",
                "warning: " + f + ":7:32: raw '&' in the attribute value \"label := 'x&nbsp;y'\"; write &amp;"
                        + " (accepted as BehaviorTree.CPP does)");
        assertThat(ValidateCommandTest.run("validate", "--strict", f.toString())[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);

        // and it means what BT.CPP makes of it: the comparisons, and &nbsp; kept as written (tinyxml2 does not expand it)
        Blackboard bb = Blackboard.create();
        Tree t = new XmlTreeLoader(io.canopy.launch.Artifacts.registry()).loadFile(f, bb,
                new TreeContext(new DeadlineTimerQueue(new ManualNanoClock()), 0));
        assertThat(t.tickOnce()).isEqualTo(Status.SUCCESS);
        assertThat(bb.find("less").booleanValue()).isTrue();
        assertThat(bb.find("more").booleanValue()).isFalse();
        assertThat(bb.find("both").booleanValue()).isTrue();
        assertThat(bb.find("label").stringValue()).isEqualTo("x&nbsp;y");

        Object[] g = ValidateCommandTest.run("graph", f.toString());
        assertThat(g[0]).isEqualTo(0);
        assertThat((String) g[1]).contains("a<b && b>a");
    }
}

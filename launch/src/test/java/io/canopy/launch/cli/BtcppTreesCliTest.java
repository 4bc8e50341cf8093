package io.canopy.launch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.launch.cli.tree.TreeUpgradeCommand;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code canopy validate --palette} on Nav2's real navigator and palette, and {@code tree-upgrade} on a v3 file. */
class BtcppTreesCliTest {
    static final Path NAV2 = Path.of("../bt-runtime/src/test/resources/bt/corpus/nav2");

    @TempDir
    Path dir;

    @Test
    void nav2NavigatorValidatesWithItsPaletteAndNotWithout() {
        Path tree = NAV2.resolve("navigate_to_pose_w_replanning_and_recovery.xml");
        Object[] ok = ValidateCommandTest.run("validate", "--palette", NAV2.resolve("palette.xml").toString(), tree.toString());
        assertThat(ok[0]).as("stderr: %s", ok[2]).isEqualTo(0);
        assertThat((String) ok[1]).contains("OK " + tree);
        Path typo = dir.resolve("typo.xml");
        Object[] bad;
        try {
            Files.writeString(typo, Files.readString(tree).replace("<ComputePathToPose", "<ComputePathToPos")
                    .replace("PipelineSequence", "PipelineSequense"));
            bad = ValidateCommandTest.run("validate", "--palette", NAV2.resolve("palette.xml").toString(), typo.toString());
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        assertThat(bad[0]).isEqualTo(2);
        assertThat((String) bad[2]).contains("unknown node type 'ComputePathToPos'; did you mean ComputePathToPose?")
                .contains("unknown node type 'PipelineSequense'; did you mean PipelineSequence?");
    }

    @Test
    void treeUpgradeRewritesAV3FileThatThenValidates() throws IOException {
        Path f = Files.writeString(dir.resolve("v3.xml"), "<root main_tree_to_execute=\"M\">\n<BehaviorTree ID=\"M\">\n"
                + "<Parallel success_threshold=\"1\" failure_threshold=\"1\"><SequenceStar><AlwaysSuccess/></SequenceStar>"
                + "<AlwaysFailure/></Parallel>\n</BehaviorTree>\n</root>\n");
        Object[] before = ValidateCommandTest.run("validate", f.toString());
        assertThat(before[0]).as("a v3 file loads, converted in memory (issue 31)").isEqualTo(0);
        assertThat((String) before[2]).contains("BehaviorTree.CPP v3 file", "canopy tree upgrade");
        assertThat(ValidateCommandTest.run("validate", "--strict", f.toString())[0]).isEqualTo(2);
        int code = new CommandLine(new TreeUpgradeCommand()).execute(f.toString());
        assertThat(code).isEqualTo(0);
        assertThat(Files.readString(f)).contains("BTCPP_format=\"4\"", "success_count=\"1\"", "<SequenceWithMemory>");
        assertThat(Files.exists(dir.resolve("v3.xml.v3"))).isTrue();
        Object[] after = ValidateCommandTest.run("validate", f.toString());
        assertThat(after[0]).as("stderr: %s", after[2]).isEqualTo(0);
    }
}

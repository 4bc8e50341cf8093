package io.canopy.launch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 31 through the CLI: validate v3 trees and prefixed SCXML in .xml files; tree upgrade -o OUT. */
class LenientFilesCliTest {
    @TempDir
    Path dir;

    private Path copy(String name) throws Exception {
        Path target = dir.resolve(name);
        Files.copy(Path.of(LenientFilesCliTest.class.getResource("/lenient/" + name).toURI()), target);
        return target;
    }

    @Test
    void validateRecognisesAPrefixedScxmlRootInAnXmlFileByItsNamespace() throws Exception {
        Path f = copy("prefix-01.xml");
        Object[] r = ValidateCommandTest.run("validate", f.toString());
        assertThat(r[0]).as((String) r[2]).isEqualTo(CanopyMain.EXIT_OK);
        assertThat((String) r[1]).startsWith("OK " + f);
        assertThat((String) r[2]).contains("warning: " + f + ":20:8: <scxml> datamodel=\"jexl\": not supported")
                .doesNotContain("not a launch file");
        Object[] strict = ValidateCommandTest.run("validate", "--strict", f.toString());
        assertThat(strict[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
    }

    @Test
    void validateLoadsAV3TreeWithOneWarningAndStrictRefusesIt() throws Exception {
        Path f = copy("aerostack2_basic_mission.xml");
        Object[] r = ValidateCommandTest.run("validate", f.toString());
        assertThat(r[0]).as((String) r[2]).isEqualTo(CanopyMain.EXIT_OK);
        assertThat(((String) r[2]).lines().filter(l -> l.contains("BehaviorTree.CPP v3 file"))).singleElement().asString()
                .startsWith("warning: " + f + ":4:43: <root>: BehaviorTree.CPP v3 file (no BTCPP_format, and <SequenceStar> is v3 only)")
                .contains("'canopy tree upgrade " + f + "'");
        Object[] strict = ValidateCommandTest.run("validate", "--strict", f.toString());
        assertThat(strict[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat((String) strict[2]).contains("BehaviorTree.CPP v3 file").contains("(an error with --strict)");
    }

    @Test
    void validateLoadsAerostack2sV3EventTreeWhoseSendEventIsItsOwn() throws Exception {
        Path f = copy("aerostack2_event_test.xml");
        Object[] r = ValidateCommandTest.run("validate", f.toString());
        assertThat(r[0]).as((String) r[2]).isEqualTo(CanopyMain.EXIT_OK);
        assertThat((String) r[2]).contains("BehaviorTree.CPP v3 file (no BTCPP_format, and <Parallel> is v3 only)",
                "line 8: <Repeat>: v4 returns RUNNING between cycles",
                "<Action ID=\"SendEvent\"> declares port 'data', which Canopy's own SendEvent does not have");
    }

    @Test
    void treeUpgradeWritesACopyWithDashOAndLeavesTheFileAsItIs() throws Exception {
        Path f = copy("aerostack2_basic_mission.xml");
        String before = Files.readString(f);
        Path out = dir.resolve("v4.xml");
        Object[] r = ValidateCommandTest.run("tree", "upgrade", "-o", out.toString(), f.toString());
        assertThat(r[0]).as((String) r[2]).isEqualTo(CanopyMain.EXIT_OK);
        assertThat(Files.readString(f)).isEqualTo(before);
        assertThat(Files.exists(Path.of(f + ".v3"))).isFalse();
        assertThat(Files.readString(out)).contains("<root BTCPP_format=\"4\" main_tree_to_execute=\"BehaviorTree\">",
                "<SequenceWithMemory>");
        assertThat((String) r[2]).contains("SequenceStar -> SequenceWithMemory", "differs: ");
        Object[] v4 = ValidateCommandTest.run("validate", out.toString());
        assertThat(v4[0]).as((String) v4[2]).isEqualTo(CanopyMain.EXIT_OK);
    }

    @Test
    void treeUpgradeOfAFileThatSaysFourDoesNotSetTheFormatAndValidateSaysWhatIsV3() throws Exception {
        Path f = copy("groot_show_all_v4_header.xml");
        Object[] r = ValidateCommandTest.run("tree", "upgrade", "--stdout", f.toString());
        assertThat((String) r[2]).doesNotContain("BTCPP_format").contains("left: ").contains("<BlackboardCheckString>");
        Object[] v = ValidateCommandTest.run("validate", f.toString());
        assertThat(v[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat((String) v[2]).contains("BlackboardCheckString is a BehaviorTree.CPP v3 node, which v4 no longer has, "
                + "inside a file that says BTCPP_format=\"4\"").doesNotContain("no BTCPP_format");
    }
}

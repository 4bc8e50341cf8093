package io.canopy.launch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When a launch file has errors, {@code validate} still checks the trees it names (every error at once), and
 * checks them with their node's palettes: a custom type the palette declares is reported as declared but not
 * implemented (as when the launch file is fine), not as a type nobody has heard of.
 */
class LaunchErrorsWithPalettesTest {
    @TempDir
    Path dir;

    @Test
    void aTreeOfAnErroneousLaunchFileIsCheckedWithItsNodesPalette() throws IOException {
        Files.writeString(dir.resolve("palette.xml"), "<root BTCPP_format=\"4\"><TreeNodesModel>"
                + "<Action ID=\"ComputePath\"><output_port name=\"path\"/></Action></TreeNodesModel></root>");
        Files.writeString(dir.resolve("t.xml"), "<root BTCPP_format=\"4\" main_tree_to_execute=\"M\">"
                + "<BehaviorTree ID=\"M\"><Sequence><ComputePath path=\"{p}\"/></Sequence>"
                + "</BehaviorTree></root>");
        Path launch = Files.writeString(dir.resolve("bad.launch.xml"), """
                <launch><node name="n"><timer name="control" hz="-1"/>
                  <palette file="palette.xml"/><tree file="t.xml"/></node></launch>
                """);
        Object[] r = ValidateCommandTest.run("validate", launch.toString());
        String err = (String) r[2];
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat(err).contains("bad.launch.xml:1:", "hz"); // the launch file's own error
        assertThat(err.lines().filter(l -> l.contains("ComputePath"))).singleElement().asString()
                .contains("t.xml:1:", "it is declared (Action at ", "palette.xml", "nothing implements it");
    }
}

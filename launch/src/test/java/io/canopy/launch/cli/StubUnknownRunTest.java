package io.canopy.launch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code canopy run --stub-unknown [--stub-rules FILE]} as a real process (the switch is process-wide): a
 * launch file whose tree uses declared-but-unimplemented types is refused without it and runs with it, with a
 * warning listing the stand-ins; a bad rules file is one line with file:line:column.
 */
class StubUnknownRunTest {
    @TempDir
    Path dir;

    Path launch;

    @BeforeEach
    void files() throws IOException {
        Files.writeString(dir.resolve("palette.xml"), """
                <root BTCPP_format="4"><TreeNodesModel>
                  <Action ID="ComputePath"><output_port name="path"/></Action>
                  <Condition ID="PathValid"><input_port name="path"/></Condition>
                </TreeNodesModel></root>
                """);
        Files.writeString(dir.resolve("tree.xml"), """
                <root BTCPP_format="4"><BehaviorTree ID="Main">
                  <Sequence><ComputePath path="{path}"/><PathValid path="{path}"/></Sequence>
                </BehaviorTree></root>
                """);
        launch = Files.writeString(dir.resolve("robot.launch.xml"), """
                <launch><node name="n"><timer name="control" hz="20"/>
                  <palette file="palette.xml"/><tree file="tree.xml"/></node></launch>
                """);
    }

    private Object[] canopy(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), CanopyMain.class.getName()));
        cmd.addAll(List.of(args));
        Path log = dir.resolve("run.log");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            return new Object[] {p.exitValue(), Files.readString(log)};
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void withoutTheSwitchTheLaunchIsRefusedWithItTheStandInsRunAndAreListed() throws Exception {
        Object[] refused = canopy("run", launch.toString(), "--duration", "200ms", "--no-status");
        assertThat(refused[0]).as("%s", refused[1]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat((String) refused[1]).contains("ComputePath", "--stub-unknown");

        Path rules = Files.writeString(dir.resolve("rules.yaml"), """
                stand_ins:
                  ComputePath: {running_ticks: 3, outputs: {path: p1}}
                """);
        Object[] ran = canopy("run", launch.toString(), "--duration", "300ms", "--no-status", "--stub-rules",
                rules.toString());
        String out = (String) ran[1];
        assertThat(ran[0]).as(out).isEqualTo(CanopyMain.EXIT_OK);
        assertThat(out).contains("--stub-unknown: 2 declared node type(s) with no implementation run as stand-ins",
                "ComputePath (Action, declared at ", "PathValid (Condition, declared at ");
        assertThat(out.split("--stub-unknown: 2 declared", -1)).as("warned once, not per load").hasSize(2);
    }

    @Test
    void aBadRulesFileIsOneLineWithItsPlace() throws Exception {
        Path rules = Files.writeString(dir.resolve("bad.yaml"), """
                stand_ins:
                  ComputePath: {result: MAYBE}
                """);
        Object[] r = canopy("run", launch.toString(), "--duration", "200ms", "--no-status", "--stub-unknown",
                "--stub-rules", rules.toString());
        String out = (String) r[1];
        assertThat(r[0]).as(out).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat(out).contains("bad.yaml:2:3: stand-in rule 'ComputePath': result: 'MAYBE' must be SUCCESS or FAILURE")
                .doesNotContain("\tat ");
    }
}

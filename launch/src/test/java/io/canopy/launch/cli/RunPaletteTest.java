package io.canopy.launch.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.InputException;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.standin.StandInRules;
import io.canopy.bt.standin.StubUnknown;
import io.canopy.launch.LaunchLoader;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.run.LaunchRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code canopy run --palette FILE}: palettes from the command line apply to the trees of every node of a
 * launch file, as {@code <palette file>} in each {@code <node>} does ({@link LaunchOptions#applyTo}).
 */
class RunPaletteTest {
    @TempDir
    Path dir;

    Path launch;
    Path palette;

    @BeforeEach
    void files() throws IOException {
        palette = Files.writeString(dir.resolve("palette.xml"), """
                <root BTCPP_format="4"><TreeNodesModel>
                  <Action ID="ComputePath"><output_port name="path"/></Action>
                </TreeNodesModel></root>
                """);
        Files.writeString(dir.resolve("tree.xml"), """
                <root BTCPP_format="4"><BehaviorTree ID="Main">
                  <Sequence><ComputePath path="{path}"/><AlwaysSuccess/></Sequence>
                </BehaviorTree></root>
                """);
        launch = Files.writeString(dir.resolve("robot.launch.xml"), """
                <launch>
                  <node name="a"><timer name="control" hz="50"/><tree file="tree.xml"/></node>
                  <node name="b"><timer name="control" hz="50"/><tree file="tree.xml"/></node>
                </launch>
                """);
    }

    private static LaunchOptions options(String... args) {
        LaunchOptions o = new LaunchOptions();
        new CommandLine(o).parseArgs(args);
        return o;
    }

    @Test
    void everyNodeGetsTheCommandLinePalettesAfterItsOwn() {
        LaunchPlan plan = LaunchLoader.load(launch, Map.of());
        assertThat(options().applyTo(plan)).isSameAs(plan);
        LaunchPlan with = options("--palette", palette.toString()).applyTo(plan);
        assertThat(with.nodes()).hasSize(2).allSatisfy(n -> assertThat(n.foreign().palettes())
                .containsExactly(palette.toAbsolutePath().normalize()));
        assertThat(with.nodes().get(0).trees()).isEqualTo(plan.nodes().get(0).trees());
        assertThatThrownBy(() -> options("--palette", dir.resolve("nope.xml").toString()).applyTo(plan))
                .isInstanceOf(InputException.class).hasMessageContaining("--palette ").hasMessageContaining("nope.xml: file not found");
    }

    @Test
    void withStandInsTheTreesRunOnlyWhenThePaletteDeclaresTheirTypes() {
        LaunchPlan plan = LaunchLoader.load(launch, Map.of());
        StubUnknown.enable(StandInRules.NONE); // --stub-unknown: process-wide, as canopy run sets it
        try {
            assertThatThrownBy(() -> LaunchRunner.start(plan, NodeRegistry.withBuiltins()).close())
                    .isInstanceOf(InputException.class).hasMessageContaining("ComputePath");
            LaunchRunner runner = LaunchRunner.start(options("--palette", palette.toString()).applyTo(plan),
                    NodeRegistry.withBuiltins());
            try {
                Awaitility.await().atMost(Duration.ofSeconds(20)).until(() -> runner.firstTickEpochMs() != 0);
            } finally {
                runner.shutdown();
            }
        } finally {
            StubUnknown.disable();
        }
    }

    /**
     * The whole command: needs RunCommand to apply the option, one line (see the treecli helper's report):
     * {@code plan = launchOptions.applyTo(login.applyTo(LaunchLoader.load(file, argValues, launchOptions.searchPath)));}
     */
    @Test
    void runWithAPaletteAndStubUnknownRunsATreeOfDeclaredTypes() throws Exception {
        java.util.List<String> cmd = new java.util.ArrayList<>(java.util.List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", System.getProperty("java.class.path"),
                CanopyMain.class.getName(), "run", launch.toString(), "--duration", "200ms", "--no-status", "--stub-unknown"));
        Path log = dir.resolve("run.log");
        Process refused = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertThat(refused.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        assertThat(refused.exitValue()).as(Files.readString(log)).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        cmd.addAll(java.util.List.of("--palette", palette.toString()));
        Process ran = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertThat(ran.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        String out = Files.readString(log);
        assertThat(ran.exitValue()).as(out).isEqualTo(CanopyMain.EXIT_OK);
        assertThat(out).contains("--stub-unknown: 1 declared node type(s) with no implementation run as stand-ins",
                "ComputePath (Action, declared at ");
    }
}

package io.canopy.launch.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code canopy run} as a real process: the demo runs, stops on --duration or SIGTERM, exits 0. */
class RunCommandTest {
    @TempDir
    Path dir;

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private Process canopy(Path log, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), CanopyMain.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /** {@code main} builds {@code run} alone for a quicker start: its help and its errors are those of the full command line. */
    @Test
    void runBuiltAloneHasTheHelpAndErrorsOfTheFullCommandLine() throws Exception {
        Path alone = dir.resolve("help.log");
        Process p = canopy(alone, "run", "--help");
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        java.io.StringWriter full = new java.io.StringWriter();
        picocli.CommandLine cl = CanopyMain.commandLine();
        cl.setOut(new java.io.PrintWriter(full));
        assertThat(cl.execute("run", "--help")).isZero();
        assertThat(p.exitValue()).isZero();
        assertThat(Files.readString(alone).strip()).isEqualTo(full.toString().strip()).contains("Usage: canopy run");

        Path missing = dir.resolve("missing.log");
        Process q = canopy(missing, "run", "--debug", dir.resolve("nothere.launch.xml").toString());
        assertThat(q.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(q.exitValue()).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat(Files.readString(missing)).contains("nothere.launch.xml").doesNotContain("Unknown option");
    }

    @Test
    void theDemoRunsForItsDurationAndStopsCleanlyWithExitCodeZero() throws Exception {
        Path log = dir.resolve("run.log");
        Process p = canopy(log, "run", "examples/patrol.launch.xml", "--duration", "3s", "--status-every", "1s",
                "--arg", "mqtt_port=" + freePort());
        try {
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            String out = Files.readString(log);
            assertThat(p.exitValue()).as(out).isEqualTo(CanopyMain.EXIT_OK);
            assertThat(out).contains("machine 'mission' started in Patrol", "first tick", "status robot1/controller",
                    "mission:Patrol", "stopping (--duration 3s)", "stop command(s) written", "stopped cleanly");
            assertThat(out).doesNotContain("Exception", "ERROR");
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void sigtermShutsTheNodeDownCleanlyWithExitCodeZero() throws Exception {
        Path log = dir.resolve("term.log");
        Process p = canopy(log, "run", "examples/patrol.launch.xml", "--arg", "mqtt_port=" + freePort());
        try {
            await().atMost(Duration.ofSeconds(60)).until(() -> Files.readString(log).contains("first tick"));
            p.destroy(); // SIGTERM
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
            String out = Files.readString(log);
            assertThat(p.exitValue()).as(out).isEqualTo(CanopyMain.EXIT_OK);
            assertThat(out).contains("stopping (SIGTERM)", "stop command(s) written", "stopped cleanly");
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void aBadLaunchFileIsOneLinePerErrorAndExitCodeTwo() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.launch.xml"),
                "<launch><node name=\"n\"><timer name=\"t\" hz=\"x\"/><tree file=\"nope.xml\"/></node></launch>");
        Object[] r = ValidateCommandTest.run("run", bad.toString(), "--duration", "1s");
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        String[] lines = ((String) r[2]).strip().split("\n");
        assertThat(lines).hasSize(2);
        assertThat(lines[0]).startsWith("canopy: ").contains("bad.launch.xml:1:", "<timer>", "\"x\" is not a number");
        assertThat(lines[1]).startsWith("canopy: ").contains("<tree>", "\"nope.xml\" not found");
    }

    @Test
    void aBadDurationIsBadInput() {
        Object[] r = ValidateCommandTest.run("run", "examples/patrol.launch.xml", "--duration", "soon");
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat((String) r[2]).contains("--duration soon: not a duration");
    }
}

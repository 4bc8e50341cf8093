package io.canopy.launch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code canopy run FILE --show-args} and {@code validate --path} for {@code $(find-pkg-share)}. */
class ShowArgsCliTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = CanopyMain.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    @Test
    void showArgsListsEveryArgumentOfTheDemoAndRunsNothing() {
        assertThat(run("run", "../launch/examples/patrol.launch.xml", "--show-args")).isEqualTo(0);
        assertThat(out.toString()).startsWith("Arguments (pass arguments as '--arg NAME=VALUE'):")
                .contains("    'robot':\n", "    'mqtt_port':\n", "(default: '1883')", "    'drain':\n");
    }

    @Test
    void aMissingFileIsBadInput() {
        assertThat(run("run", "no-such.launch.xml", "--show-args")).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat(err.toString()).contains("no-such.launch.xml");
    }

    @Test
    void validateFindsPackagesOnThePath(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("pkgs/bot"));
        Files.writeString(dir.resolve("pkgs/bot/inc.launch.xml"), "<launch><node name=\"n\"><timer name=\"c\" hz=\"5\"/><mqtt port=\"0\"/></node></launch>");
        Path f = Files.writeString(dir.resolve("top.launch.xml"),
                "<launch><include file=\"$(find-pkg-share bot)/inc.launch.xml\"/></launch>");
        assertThat(run("validate", f.toString(), "--path", dir.resolve("pkgs").toString())).isEqualTo(0);
        assertThat(run("validate", f.toString())).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat(err.toString()).contains("$(find-pkg-share bot): no folder 'bot' in the search path");
    }
}

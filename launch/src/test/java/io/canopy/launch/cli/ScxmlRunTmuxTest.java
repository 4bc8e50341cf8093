package io.canopy.launch.cli;

import org.awaitility.core.ConditionTimeoutException;
import java.time.Duration;
import org.awaitility.Awaitility;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code canopy scxml run} as a person uses it: the real command in a real terminal (a tmux pane on a private
 * tmux server), keys typed with {@code send-keys}, the screen read with {@code capture-pane}. Skipped when tmux
 * is not installed ({@code .ci/install.d/tmux-for-scxml-run.sh} installs it for CI).
 */
class ScxmlRunTmuxTest {
    private static final long WAIT_MS = 60_000;

    @TempDir
    Path dir;

    private final String socket = "canopy-scxml-test-" + ProcessHandle.current().pid();
    private final String session = "run";

    private static boolean hasTmux() {
        try {
            return new ProcessBuilder("tmux", "-V").redirectErrorStream(true).start().waitFor(10, TimeUnit.SECONDS);
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    private String tmux(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("tmux", "-L", socket));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).as("tmux " + String.join(" ", args)).isTrue();
        return out;
    }

    private void type(String line) throws Exception {
        tmux("send-keys", "-t", session, "-l", line);
        tmux("send-keys", "-t", session, "Enter");
    }

    /** The screen once it shows {@code text} (the command answers at its own pace: wait, bounded). */
    private String screenShowing(String text) {
        String[] screen = {""};
        try {
            Awaitility.await().atMost(Duration.ofMillis(WAIT_MS)).pollInterval(Duration.ofMillis(50))
                    .until(() -> screen[0] = tmux("capture-pane", "-p", "-J", "-S", "-200", "-t", session),
                            s -> s.contains(text));
            return screen[0];
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("the terminal did not show '" + text + "' within " + WAIT_MS + " ms; it shows:\n"
                    + screen[0]);
        }
    }

    @AfterEach
    void stopTmux() throws Exception {
        if (hasTmux()) {
            String path = tmux("display-message", "-p", "#{socket_path}").strip();
            tmux("kill-server");
            if (path.contains(socket)) {
                Files.deleteIfExists(Path.of(path)); // tmux leaves its socket file behind
            }
        }
    }

    @Test
    void aPersonDrivesAMachineByHandInATerminal() throws Exception {
        io.canopy.testkit.Peers.require(hasTmux(), "tmux is not installed (apt-get install tmux): the terminal test of scxml run is skipped");
        Path chart = dir.resolve("door.scxml");
        Files.writeString(chart, "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\" initial=\"closed\">\n"
                + "<datamodel><data id=\"opened\" expr=\"0\"/></datamodel>\n"
                + "<state id=\"closed\"><transition event=\"open\" cond=\"_event.data.key === 'k1'\" target=\"open\">"
                + "<assign location=\"opened\" expr=\"opened + 1\"/></transition></state>\n"
                + "<state id=\"open\"><onentry><send event=\"close\" delay=\"5s\"/></onentry>"
                + "<transition event=\"close\" target=\"closed\"/></state></scxml>\n");
        Path snapshot = dir.resolve("door.snapshot");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String command = "cd '" + dir + "' && '" + java + "' -cp '" + System.getProperty("java.class.path") + "' "
                + CanopyMain.class.getName() + " scxml run door.scxml; echo \"exit status $?\"; sleep 600";
        tmux("new-session", "-d", "-s", session, "-x", "160", "-y", "50", command);

        String start = screenShowing("> ");
        assertThat(start).contains("datamodel engine: compiled", "entered closed", "data    opened: undefined -> 0",
                "active  closed");

        type("open {\"key\": \"nope\"}");
        assertThat(screenShowing("open:\n  active  closed")).doesNotContain("transition closed");

        type("open {\"key\": \"k1\"}");
        assertThat(screenShowing("  active  open")).contains("transition closed -> open on open [_event.data.key === 'k1']",
                "exited  closed", "entered open", "data    opened: 0 -> 1");

        type(":save door.snapshot");
        screenShowing("saved to door.snapshot");
        type(":wait 5000");
        assertThat(screenShowing(":wait 5000:\n  transition open -> closed on close")).contains("entered closed");
        type(":load door.snapshot");
        screenShowing("loaded door.snapshot: [open]");
        type(":data");
        screenShowing("  opened = 1");
        type("bogus {oops");
        screenShowing("error: event 'bogus': the data {oops is not JSON");
        type(":reset");
        type(":data");
        screenShowing("  opened = 0");
        type(":quit");
        assertThat(screenShowing("exit status ")).contains("exit status 1");
        assertThat(Files.size(snapshot)).isPositive();
    }
}

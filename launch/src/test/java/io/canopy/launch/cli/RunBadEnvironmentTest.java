package io.canopy.launch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code canopy run} as a real process (so with the shipped logback.xml) when its environment is wrong: one
 * line, no stack trace from the libraries underneath, exit 2 for what the user must fix; a broker that is
 * down is not an error at all (the node runs and reports the link as down).
 */
class RunBadEnvironmentTest {
    @TempDir
    Path dir;

    private Process canopy(Path log, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), CanopyMain.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    @Test
    void anEmbeddedBrokerPortInUseIsOneLineWithoutAStackTrace() throws Exception {
        try (ServerSocket busy = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Path log = dir.resolve("run.log");
            Path mcap = dir.resolve("run.mcap");
            Process p = canopy(log, "run", "examples/patrol.launch.xml", "--duration", "5s", "--no-status",
                    "--arg", "mqtt_port=" + busy.getLocalPort(), "--record", mcap.toString());
            try {
                assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
                String out = Files.readString(log);
                assertThat(p.exitValue()).as(out).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
                assertThat(out).contains("patrol.launch.xml:43:").contains("<mqtt>: embedded MQTT broker on"
                        + " 127.0.0.1:" + busy.getLocalPort() + " did not start").doesNotContain("Exception", "\tat ", "ERROR");
                assertThat(out).as("names the arguments that move the broker").contains("free the port, or run on another"
                        + " one (--arg mqtt_port=N in the examples; port=\"N\" on <mqtt>), or against a running broker"
                        + " (--arg broker=tcp://HOST:1883; broker=\"URL\" on <mqtt>)");
                assertThat(mcap).as("a run that failed at start leaves no empty recording behind").doesNotExist();
            } finally {
                p.destroyForcibly();
            }
        }
    }

    @Test
    void aBrokerThatIsDownIsReportedAsDownWhileTheNodeRuns() throws Exception {
        Path log = dir.resolve("run.log");
        Process p = canopy(log, "run", "examples/patrol.launch.xml", "--duration", "3s", "--status-every", "1s",
                "--arg", "broker=tcp://127.0.0.1:1");
        try {
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            String out = Files.readString(log);
            assertThat(p.exitValue()).as(out).isEqualTo(CanopyMain.EXIT_OK);
            assertThat(out).contains("MQTT broker tcp://127.0.0.1:1 not reachable", "mqtt DOWN", "stopped cleanly")
                    .doesNotContain("Exception", "\tat ", "ERROR");
        } finally {
            p.destroyForcibly();
        }
    }
}

package io.canopy.launch.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.hardware.serial.LinkSink;
import io.canopy.hardware.serial.SerialConfig;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.hardware.serial.SocatPtyPair;
import io.canopy.proto.Envelope;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class SimCommandTest {
    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = CanopyMain.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    @Test
    void demoDrivesTheBaseInProcessAndPrintsItsState() {
        int code = run("sim", "--demo", "--duration", "1500ms", "--status-ms", "500");
        assertThat(code).isEqualTo(CanopyMain.EXIT_OK);
        assertThat(out.toString()).contains("in-process demo: a behavior tree").contains("x=").contains("range=").contains("demo done:");
        String last = out.toString().lines().filter(l -> l.startsWith("demo done:")).findFirst().orElseThrow();
        assertThat(last).doesNotContain("done: 0 commands").doesNotContain("and 0 range readings");
    }

    @Test
    void servesAPtyThatANodeTalksTo() throws Exception {
        Assumptions.assumeTrue(SocatPtyPair.available(), "socat is not installed (apt-get install socat): skipped");
        try (SocatPtyPair pair = SocatPtyPair.start(dir)) {
            List<Envelope> got = new CopyOnWriteArrayList<>();
            LinkSink sink = (link, e, at) -> got.add(e);
            try (SerialLink node = SerialLink.open(SerialConfig.of(pair.a().toString(), 115200), sink).start()) {
                await().atMost(Duration.ofSeconds(30)).until(node::isConnected);
                CompletableFuture<Integer> sim = CompletableFuture.supplyAsync(
                        () -> run("sim", "--pty", pair.b().toString(), "--duration", "3"));
                await().atMost(Duration.ofSeconds(30)).until(() -> got.stream().anyMatch(Envelope::hasDeviceInfo)
                        && got.stream().anyMatch(Envelope::hasRangeReading)
                        && got.stream().anyMatch(Envelope::hasMotorState));
                assertThat(sim.get()).isEqualTo(CanopyMain.EXIT_OK);
                assertThat(node.badFrames()).isZero();
            }
        }
        assertThat(out.toString()).contains("simulated base on " + dir.resolve("ttyB"));
    }

    @Test
    void aMissingPtyIsBadInputWithAOneLineHint() {
        int code = run("sim", "--pty", dir.resolve("nothing-here").toString(), "--duration", "1");
        assertThat(code).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat(err.toString()).contains("nothing-here").contains("no such device").contains("socat");
        assertThat(err.toString().lines().count()).isEqualTo(1);
    }

    @Test
    void aNonPositiveBaudIsBadInput() {
        assertThat(run("sim", "--demo", "--baud", "0")).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat(err.toString()).contains("--baud 0");
    }

    @Test
    void withoutAPtyItMakesAPairAndPrintsTheNodesEnd() {
        Assumptions.assumeTrue(SocatPtyPair.available(), "socat is not installed (apt-get install socat): skipped");
        Path link = dir.resolve("sim-node");
        int code = run("sim", "--link", link.toString(), "--duration", "1");
        assertThat(code).isEqualTo(CanopyMain.EXIT_OK);
        assertThat(out.toString()).contains("connect the node's serial link to " + link);
        assertThat(link).doesNotExist(); // socat ended by its pid, links removed
    }
}

package io.canopy.launch.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.launch.LaunchLoader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node with {@code <mqtt broker="none"/>} ticks its tree under its own tick thread and watchdog, without the
 * outbound and status threads, and stops cleanly; in a JVM of its own ({@code canopy run}) it loads no Netty,
 * Moquette or Paho class.
 */
class NoMqttRunTest {
    private static final String COUNT = """
            <root BTCPP_format="4" main_tree_to_execute="Count">
              <BehaviorTree ID="Count"><Sequence>
                <Script code="ticks := 0"/>
                <KeepRunningUntilFailure><Script code="ticks := ticks + 1"/></KeepRunningUntilFailure>
              </Sequence></BehaviorTree>
            </root>
            """;

    @TempDir
    Path dir;

    private Path launch(String node) throws IOException {
        Files.writeString(dir.resolve("count.xml"), COUNT);
        return Files.writeString(dir.resolve("nomqtt.launch.xml"), """
                <launch>
                  <node name="%s">
                    <timer name="control" hz="100"/>
                    <tree name="count" file="count.xml" timer="control"/>
                    <mqtt broker="none"/>
                  </node>
                </launch>
                """.formatted(node));
    }

    private static List<String> threadsNamed(String part) {
        List<String> out = new ArrayList<>();
        Thread.getAllStackTraces().keySet().forEach(t -> {
            if (t.isAlive() && t.getName().contains(part)) {
                out.add(t.getName());
            }
        });
        return out;
    }

    @Test
    void theTreeTicksUnderItsWatchdogWithoutMqttThreadsAndTheNodeStops() throws Exception {
        String name = "nomqtt-run-node";
        LaunchRunner runner = LaunchRunner.start(LaunchLoader.load(launch(name), Map.of()));
        try {
            await().atMost(Duration.ofSeconds(30)).until(() -> runner.views().get(0).timerTicks().get(0) >= 10);
            NodeView v = runner.views().get(0);
            await().atMost(Duration.ofSeconds(30)).until(() -> v.blackboardNumber("ticks") >= 5);
            assertThat(v.brokerUrl()).isNull();
            assertThat(v.mqttConnected()).isFalse();
            assertThat(threadsNamed(name + "-watchdog")).as("the watchdog is armed").hasSize(1);
            assertThat(threadsNamed(name)).as("tick thread and watchdog, nothing else of the node")
                    .containsExactlyInAnyOrder(name, name + "-watchdog");
            assertThat(threadsNamed("canopy-out " + name)).as("no outbound thread").isEmpty();
            assertThat(threadsNamed("canopy-status-")).as("no status-topics thread").noneMatch(t -> t.contains(name));
            assertThat(runner.statusLines().get(0)).startsWith(name).endsWith("mqtt none");
        } finally {
            runner.shutdown();
        }
        assertThat(threadsNamed(name)).as("stopped: no thread of the node is left").isEmpty();
        long ticks = runner.views().get(0).timerTicks().get(0);
        assertThat(runner.shutdown()).as("idempotent").isZero();
        assertThat(runner.views().get(0).timerTicks().get(0)).as("no tick after the shutdown").isEqualTo(ticks);
    }

    @Test
    void aCanopyRunOfSuchANodeLoadsNoNettyMoquetteOrPahoClass() throws Exception {
        Path file = launch("nomqtt-jvm");
        Path log = dir.resolve("classes.txt");
        Path out = dir.resolve("out.txt");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Xlog:class+load=info:file=" + log, "-cp", System.getProperty("java.class.path"),
                "io.canopy.launch.cli.CanopyMain", "run", file.toString(), "--duration", "300ms", "--no-status")
                .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("canopy run ended").isTrue();
        String said = Files.readString(out, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(said).isZero();
        assertThat(said).contains("first tick").contains("MQTT none").contains("stopped cleanly");
        List<String> classes = Files.readAllLines(log, StandardCharsets.UTF_8);
        assertThat(classes).as("the log lists the classes loaded").anyMatch(l -> l.contains(" io.canopy.launch.run.NodeRuntime "));
        assertThat(classes).noneMatch(l -> l.contains(" io.netty.") || l.contains(" io.moquette.") || l.contains(" org.eclipse.paho."));
    }

    @Test
    void aRecordingOfSuchANodeReplaysWithoutMqttClasses() throws Exception {
        Path file = launch("nomqtt-replay");
        Path mcap = dir.resolve("run.mcap");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path out = dir.resolve("record.txt");
        Process rec = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), "io.canopy.launch.cli.CanopyMain",
                "run", file.toString(), "--duration", "300ms", "--no-status", "--record", mcap.toString())
                .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        assertThat(rec.waitFor(120, TimeUnit.SECONDS)).as("canopy run --record ended").isTrue();
        assertThat(rec.exitValue()).as(Files.readString(out, StandardCharsets.UTF_8)).isZero();

        Path log = dir.resolve("replay-classes.txt");
        Path said = dir.resolve("replay.txt");
        Process replay = new ProcessBuilder(java, "-Xlog:class+load=info:file=" + log, "-cp", System.getProperty("java.class.path"),
                "io.canopy.launch.cli.CanopyMain", "replay", "--check", mcap.toString())
                .redirectErrorStream(true).redirectOutput(said.toFile()).start();
        assertThat(replay.waitFor(120, TimeUnit.SECONDS)).as("canopy replay ended").isTrue();
        String text = Files.readString(said, StandardCharsets.UTF_8);
        assertThat(replay.exitValue()).as(text).isZero();
        List<String> classes = Files.readAllLines(log, StandardCharsets.UTF_8);
        assertThat(classes).as("the replay built the node").anyMatch(l -> l.contains(" io.canopy.launch.run.NodeRuntime "));
        assertThat(classes).as("a node recorded without MQTT is replayed without it")
                .noneMatch(l -> l.contains(" io.netty.") || l.contains(" io.moquette.") || l.contains(" org.eclipse.paho."));
    }
}

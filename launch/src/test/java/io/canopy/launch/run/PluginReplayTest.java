package io.canopy.launch.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.google.protobuf.Timestamp;
import io.canopy.InputException;
import io.canopy.bt.NodeRegistry;
import io.canopy.launch.LaunchLoader;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.record.BagInfo;
import io.canopy.launch.record.RecordSession;
import io.canopy.launch.record.Replay;
import io.canopy.tick.SystemNanoClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node with a plugin node type (examples/plugin-hello, compiled here) recorded and replayed: the recording notes the
 * jar's SHA-256; replay finds the jar next to the recording or from --plugin, replays identical, and refuses a jar with
 * another hash, or none, in one line.
 */
class PluginReplayTest {
    static final Path EXAMPLE = Path.of("../examples/plugin-hello");

    @TempDir
    Path dir;

    @Test
    void aPluginNodeReplaysWithTheSameJarOnlyAndSaysSoInOneLineOtherwise() throws Exception {
        Path jar = buildThePlugin();
        Files.copy(EXAMPLE.resolve("trees/hello.xml"), dir.resolve("hello.xml"));
        Path launch = Files.writeString(dir.resolve("hello.launch.xml"), """
                <launch><node name="n"><timer name="control" hz="50"/>
                  <plugin jar="plugin-hello.jar"/>
                  <tree name="hello" file="hello.xml"/>
                  <mqtt broker="none"/></node></launch>
                """);
        LaunchPlan plan = LaunchLoader.load(launch, Map.of());
        Path file = dir.resolve("hello.mcap");
        // an extra channel in another schema (the hook Foxglove's well-known schemas use): written, and not compared
        AtomicBoolean once = new AtomicBoolean();
        RecordSession session = RecordSession.start(file, plan, 0).channels(node -> out -> {
            if (once.getAndSet(true)) {
                return 0;
            }
            out.put("extra/stamp", 0, Timestamp.newBuilder().setSeconds(42).build());
            return 1;
        });
        NodeRuntime n = NodeRuntime.build(plan.nodes().get(0), SystemNanoClock.INSTANCE, NodeRegistry.withBuiltins(),
                session.tap(plan.nodes().get(0)));
        try {
            n.start();
            await().atMost(Duration.ofSeconds(10)).until(() -> n.view().ticks(0) >= 50);
        } finally {
            n.shutdown(TimeUnit.SECONDS.toNanos(2));
            session.close();
        }

        assertThat(BagInfo.read(file).channels()).anySatisfy(c -> {
            assertThat(c.topic()).isEqualTo("n/extra/stamp");
            assertThat(c.schema()).isEqualTo("google.protobuf.Timestamp");
            assertThat(c.count()).isEqualTo(1);
        });

        // the jar next to the recording
        Replay.Result same = Replay.run(file, new Replay.Options(List.of(), -1, true));
        assertThat(same.divergence()).as(same.summary(true)).isNull();
        assertThat(same.compared()).as("SayHello's transitions, each tick").isGreaterThan(100);

        // elsewhere: the jar from --plugin, the same one or another
        Path away = Files.createDirectories(dir.resolve("away"));
        Path moved = Files.copy(file, away.resolve("hello.mcap"));
        assertThatThrownBy(() -> Replay.run(moved, new Replay.Options(List.of(), -1, true)))
                .isInstanceOf(InputException.class).hasMessageContaining("was recorded with plugin jar plugin-hello.jar (SHA-256 ")
                .hasMessageContaining("give it with --plugin PATH").hasMessageNotContaining("\n");
        Path other = Files.copy(jar, Files.createDirectories(dir.resolve("other")).resolve("plugin-hello.jar"));
        Files.write(other, new byte[] {0}, StandardOpenOption.APPEND);
        assertThatThrownBy(() -> Replay.run(moved, new Replay.Options(List.of(), -1, true, List.of(other))))
                .isInstanceOf(InputException.class).hasMessageContaining(other + " has SHA-256 ")
                .hasMessageContaining("give the jar it was recorded with (--plugin PATH)").hasMessageNotContaining("\n");
        Replay.Result given = Replay.run(moved, new Replay.Options(List.of(), -1, true, List.of(jar)));
        assertThat(given.divergence()).as(given.summary(true)).isNull();
        assertThat(given.compared()).isEqualTo(same.compared());
    }

    private Path buildThePlugin() throws IOException {
        Path classes = Files.createDirectories(dir.resolve("classes"));
        List<String> javac = new ArrayList<>(List.of("--release", "17", "-d", classes.toString(),
                "-cp", System.getProperty("java.class.path")));
        try (Stream<Path> s = Files.walk(EXAMPLE.resolve("src/main/java"))) {
            s.filter(p -> p.toString().endsWith(".java")).forEach(p -> javac.add(p.toString()));
        }
        assertThat(ToolProvider.findFirst("javac").orElseThrow().run(System.out, System.err, javac.toArray(String[]::new)))
                .isZero();
        Path jar = dir.resolve("plugin-hello.jar");
        assertThat(ToolProvider.findFirst("jar").orElseThrow().run(System.out, System.err, "--create",
                "--file", jar.toString(), "-C", classes.toString(), ".",
                "-C", EXAMPLE.resolve("src/main/resources").toString(), ".")).isZero();
        return jar;
    }
}

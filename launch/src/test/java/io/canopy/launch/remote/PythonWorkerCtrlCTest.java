package io.canopy.launch.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.canopy.messaging.MqttNode;
import io.canopy.messaging.NodeConfig;
import io.canopy.messaging.Qos;
import io.canopy.messaging.broker.EmbeddedBroker;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #35 item 8: Ctrl-C (SIGINT) stops examples/remote-worker-python/worker.py within seconds, with its
 * retained "offline" on the broker and no traceback; a second Ctrl-C while it says goodbye is just as clean.
 * Against a real broker; skipped like {@link PythonWorkerRoundTripTest} when python3-paho-mqtt or protoc is absent.
 */
class PythonWorkerCtrlCTest {
    @TempDir
    static Path gen;

    @BeforeAll
    static void generateProtos() throws Exception {
        PythonWorkerRoundTripTest.gen = gen;
        PythonWorkerRoundTripTest.generateProtos();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private Process start(EmbeddedBroker broker, Path log) throws IOException {
        ProcessBuilder b = new ProcessBuilder(PythonWorkerRoundTripTest.python, "-u",
                PythonWorkerRoundTripTest.ROOT.resolve("examples/remote-worker-python/worker.py").toString(),
                "--host", "127.0.0.1", "--port", String.valueOf(broker.port()), "--topic", "nav/ctrl_c")
                .redirectErrorStream(true).redirectOutput(log.toFile());
        b.environment().put("CANOPY_PROTO_PY", gen.toString());
        return b.start();
    }

    private static void interrupt(Process p) throws Exception {
        assertThat(new ProcessBuilder("kill", "-INT", String.valueOf(p.pid())).start().waitFor()).isZero();
    }

    @Test
    void ctrlCSaysOfflineAndExitsWithinSecondsWithoutATraceback() throws Exception {
        runCtrlC(false);
    }

    @Test
    void aSecondCtrlCIsJustAsClean() throws Exception {
        runCtrlC(true);
    }

    private void runCtrlC(boolean twice) throws Exception {
        Path log = Files.createTempFile(gen, "worker", ".log");
        try (EmbeddedBroker broker = EmbeddedBroker.start(freePort());
                MqttNode watcher = MqttNode.start(NodeConfig.builder("watcher").broker(broker.url())
                        .announceState(false).build())) {
            assertThat(watcher.awaitConnected(10_000)).isTrue();
            BlockingQueue<String> states = new ArrayBlockingQueue<>(16);
            watcher.newRawSubscriber("/nav/ctrl_c/worker", Qos.AT_LEAST_ONCE,
                    (topic, payload, retained) -> states.add(new String(payload, StandardCharsets.UTF_8)));
            Process worker = start(broker, log);
            try {
                assertThat(states.poll(30, TimeUnit.SECONDS)).as("worker.py said online; its output: %s", read(log))
                        .isEqualTo("online");
                interrupt(worker);
                if (twice) {
                    interrupt(worker);
                }
                assertThat(worker.waitFor(5, TimeUnit.SECONDS)).as("worker.py still running 5 s after Ctrl-C; output: %s",
                        read(log)).isTrue();
                if (!twice) { // the second Ctrl-C may cut the goodbye short: then the broker's Will says offline
                    assertThat(states.poll(5, TimeUnit.SECONDS)).isEqualTo("offline");
                }
                assertThat(read(log)).doesNotContain("Traceback", "KeyboardInterrupt");
            } finally {
                worker.destroyForcibly();
            }
        }
    }

    private static String read(Path log) throws IOException {
        return Files.readString(log);
    }
}

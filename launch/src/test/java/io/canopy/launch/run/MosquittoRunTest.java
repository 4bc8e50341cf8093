package io.canopy.launch.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.launch.LaunchLoader;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo against a real Mosquitto (started by the test, stopped by its PID) instead of the embedded
 * broker, watched with {@code mosquitto_sub} as a user would.
 */
class MosquittoRunTest {
    @TempDir
    Path dir;

    private static boolean installed(String exe) {
        for (String d : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            if (Files.isExecutable(Path.of(d, exe))) {
                return true;
            }
        }
        return Files.isExecutable(Path.of("/usr/sbin", exe));
    }

    private static String mosquitto() {
        return Files.isExecutable(Path.of("/usr/sbin/mosquitto")) ? "/usr/sbin/mosquitto" : "mosquitto";
    }

    /** Runs mosquitto_sub for one message on {@code topic}; returns its output. */
    private static String subOnce(int port, String topic) throws Exception {
        Process p = new ProcessBuilder("mosquitto_sub", "-h", "127.0.0.1", "-p", Integer.toString(port), "-t", topic,
                "-C", "1", "-W", "20").redirectErrorStream(true).start();
        try {
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.exitValue()).as(out).isZero();
            return out;
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void telemetryAndTheOnlineOfflineStateReachMosquittoSub() throws Exception {
        Assumptions.assumeTrue(installed("mosquitto") && installed("mosquitto_sub"), "mosquitto is not installed");
        int port = PatrolDemoTest.freePort();
        Path conf = Files.writeString(dir.resolve("mosquitto.conf"),
                "listener " + port + " 127.0.0.1\nallow_anonymous true\nset_tcp_nodelay true\npersistence false\n");
        Process broker = new ProcessBuilder(mosquitto(), "-c", conf.toString()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("mosquitto.log").toFile()).start();
        LaunchRunner runner = null;
        try {
            await().atMost(Duration.ofSeconds(10)).until(() -> canConnect(port));
            runner = LaunchRunner.start(LaunchLoader.load(Path.of("examples/patrol.launch.xml"),
                    Map.of("broker", "tcp://127.0.0.1:" + port)));
            assertThat(runner.views().get(0).brokerUrl()).isEqualTo("tcp://127.0.0.1:" + port);
            assertThat(subOnce(port, "robot1/controller/state").strip()).isEqualTo("online");
            assertThat(subOnce(port, "robot1/controller/odom")).contains("\"x\":", "\"theta\":");
            assertThat(subOnce(port, "robot1/controller/machines")).contains("Patrol");
            runner.shutdown();
            assertThat(subOnce(port, "robot1/controller/state").strip()).isEqualTo("offline");
        } finally {
            if (runner != null) {
                runner.shutdown();
            }
            broker.destroy();
            broker.waitFor(5, TimeUnit.SECONDS);
            broker.destroyForcibly();
        }
    }

    private static boolean canConnect(int port) {
        try (Socket s = new Socket("127.0.0.1", port)) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}

package io.canopy.launch.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.launch.LaunchLoader;
import io.canopy.testkit.MosquittoProcess;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo against a real Mosquitto (started by the test, stopped by its PID) instead of the embedded
 * broker, watched with {@code mosquitto_sub} as a user would.
 */
class MosquittoRunTest {
    @TempDir
    Path dir;

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
        try (MosquittoProcess broker = MosquittoProcess.start(dir)) {
            int port = broker.port();
            LaunchRunner runner = LaunchRunner.start(LaunchLoader.load(Path.of("examples/patrol.launch.xml"),
                    Map.of("broker", broker.url())));
            try {
                assertThat(runner.views().get(0).brokerUrl()).isEqualTo("tcp://127.0.0.1:" + port);
                assertThat(subOnce(port, "robot1/controller/state").strip()).isEqualTo("online");
                assertThat(subOnce(port, "robot1/controller/odom")).contains("\"x\":", "\"theta\":");
                assertThat(subOnce(port, "robot1/controller/machines")).contains("Patrol");
                runner.shutdown();
                assertThat(subOnce(port, "robot1/controller/state").strip()).isEqualTo("offline");
            } finally {
                runner.shutdown(); // before the broker stops
            }
        }
    }
}

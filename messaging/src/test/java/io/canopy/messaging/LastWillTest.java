package io.canopy.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.testkit.MosquittoProcess;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node killed with SIGKILL (a child JVM) while Mosquitto runs: the broker publishes its Last Will, and
 * {@code mosquitto_sub} sees the retained state go from {@code online} to {@code offline}. Keep-alive is a
 * minute, so the broker learns of the death from the closed socket, not from a timeout.
 */
class LastWillTest {
    @TempDir
    Path dir;
    private final List<Process> processes = new ArrayList<>();

    @AfterEach
    void stopProcesses() {
        for (Process p : processes) {
            p.destroyForcibly();
        }
    }

    private Process start(String... cmd) throws IOException {
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        processes.add(p);
        return p;
    }

    private static LinkedBlockingQueue<String> lines(Process p) {
        LinkedBlockingQueue<String> q = new LinkedBlockingQueue<>();
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    q.add(line);
                }
            } catch (IOException e) {
                q.add("READ FAILED " + e);
            }
        }, "lines-" + p.pid());
        t.setDaemon(true);
        t.start();
        return q;
    }

    @Test
    void aKilledNodeIsReportedOfflineByItsLastWill() throws Exception {
        try (MosquittoProcess broker = MosquittoProcess.start(dir)) {
            String java = ProcessHandle.current().info().command().orElse("java");
            String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
            Process child = start(java, "-cp", classpath, NodeChildMain.class.getName(), broker.url(), "arm", "robot7");
            LinkedBlockingQueue<String> childOut = lines(child);
            assertThat(childOut.poll(60, TimeUnit.SECONDS)).isEqualTo("CONNECTED");

            Process sub = start("/usr/bin/mosquitto_sub", "-h", "127.0.0.1", "-p", Integer.toString(broker.port()),
                    "-t", "robot7/arm/state", "-v");
            LinkedBlockingQueue<String> seen = lines(sub);
            assertThat(seen.poll(20, TimeUnit.SECONDS)).isEqualTo("robot7/arm/state online");

            child.destroyForcibly(); // SIGKILL: no clean shutdown, no offline of its own
            assertThat(child.waitFor(20, TimeUnit.SECONDS)).isTrue();
            assertThat(seen.poll(20, TimeUnit.SECONDS)).isEqualTo("robot7/arm/state offline");
        }
    }
}

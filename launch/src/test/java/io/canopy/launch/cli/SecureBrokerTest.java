package io.canopy.launch.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.proto.Envelope;
import io.canopy.proto.Event;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #14, point 7: the project's own Mosquitto configuration (docs/security: TLS only, a password per robot,
 * an ACL per role), started as written (its directory substituted). The demo connects with {@code --user},
 * {@code --password-env} and {@code --ca-file}; the operator's {@code cmd/stop} reaches it, while another robot's
 * and an anonymous client's do not, and the robot cannot publish into another robot's namespace.
 */
class SecureBrokerTest {
    @TempDir
    Path dir;

    @Test
    void onlyTheOperatorCanStopARobotAndARobotWritesOnlyItsOwnNamespace() throws Exception {
        assertThat(Path.of("/usr/sbin/mosquitto")).as("mosquitto is installed by .ci/run").isExecutable();
        int port = freePort();
        run("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
                "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
                "-keyout", dir.resolve("server.key").toString(), "-out", dir.resolve("server.crt").toString());
        Path passwd = dir.resolve("passwd");
        run("/usr/bin/mosquitto_passwd", "-b", "-c", passwd.toString(), "robot1", "r1-secret");
        run("/usr/bin/mosquitto_passwd", "-b", passwd.toString(), "robot2", "r2-secret");
        run("/usr/bin/mosquitto_passwd", "-b", passwd.toString(), "operator", "op-secret");
        Path docs = Path.of("..", "docs", "security");
        Files.copy(docs.resolve("acl"), dir.resolve("acl"));
        String conf = Files.readString(docs.resolve("mosquitto.conf"))
                .replace("/etc/mosquitto/canopy", dir.toString())
                .replace("listener 8883", "listener " + port + " 127.0.0.1") + "\nlog_type all\nlog_dest stdout\n"
                + ("root".equals(System.getProperty("user.name")) ? "user root\n" : ""); // keep root: the key is 0600
        Path confFile = Files.writeString(dir.resolve("mosquitto.conf"), conf);
        Process broker = new ProcessBuilder("/usr/sbin/mosquitto", "-c", confFile.toString()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("mosquitto.log").toFile()).start();
        Process robot = null;
        try {
            await().atMost(Duration.ofSeconds(10)).until(() -> canConnect(port));
            String url = "ssl://127.0.0.1:" + port;
            String ca = dir.resolve("server.crt").toString();
            Path log = dir.resolve("robot1.log");
            List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), CanopyMain.class.getName(), "run",
                    "examples/patrol.launch.xml", "--arg", "broker=" + url, "--user", "robot1",
                    "--password-env", "ROBOT1_MQTT_PASSWORD", "--ca-file", ca, "--status-every", "200ms"));
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
            pb.environment().put("ROBOT1_MQTT_PASSWORD", "r1-secret");
            robot = pb.start();
            // the robot's own telemetry is allowed: its retained state reaches the operator
            assertThat(sub(port, ca, "operator", "op-secret", "robot1/controller/state", 1)).contains("online");

            await().atMost(Duration.ofSeconds(20)).until(() -> Files.readString(log).contains("mission:Patrol"));
            // a command from another robot: the broker drops it (and logs it), so the robot keeps patrolling
            publish(port, ca, "robot2", "r2-secret", "robot1/cmd/stop");
            await().atMost(Duration.ofSeconds(10)).until(() -> Files.readString(dir.resolve("mosquitto.log"))
                    .contains("Denied PUBLISH from robot2"));
            assertThat(anonymousRefused(port, ca)).as("anonymous clients are refused").isTrue();
            assertThat(Files.readString(log)).doesNotContain("mission:Idle");
            // the operator's stop is delivered: the mission goes to Idle
            publish(port, ca, "operator", "op-secret", "robot1/cmd/stop");
            await().atMost(Duration.ofSeconds(20)).until(() -> Files.readString(log).contains("mission:Idle"));
            // the robot cannot write into another robot's namespace, nor send itself commands
            publish(port, ca, "robot1", "r1-secret", "robot2/controller/state");
            publish(port, ca, "robot1", "r1-secret", "robot1/cmd/start");
            await().atMost(Duration.ofSeconds(10)).until(() -> {
                String m = Files.readString(dir.resolve("mosquitto.log"));
                return m.contains("'robot2/controller/state'") && m.contains("'robot1/cmd/start'");
            });
            String mosq = Files.readString(dir.resolve("mosquitto.log"));
            assertThat(mosq).containsPattern("Denied PUBLISH from robot1\\S* .*'robot2/controller/state'")
                    .containsPattern("Denied PUBLISH from robot1\\S* .*'robot1/cmd/start'");
            assertThat(Files.readString(log)).doesNotContain("Exception");
        } finally {
            if (robot != null) {
                robot.destroy();
                robot.waitFor(10, TimeUnit.SECONDS);
                robot.destroyForcibly();
            }
            broker.destroy();
            broker.waitFor(5, TimeUnit.SECONDS);
            broker.destroyForcibly();
        }
    }

    private static String sub(int port, String ca, String user, String pass, String topic, int count) throws Exception {
        Process p = new ProcessBuilder("/usr/bin/mosquitto_sub", "-h", "127.0.0.1", "-p", Integer.toString(port), "--cafile",
                ca, "-u", user, "-P", pass, "-t", topic, "-C", Integer.toString(count), "-W", "30").redirectErrorStream(true)
                .start();
        assertThat(p.waitFor(40, TimeUnit.SECONDS)).isTrue();
        return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }

    private static void publish(int port, String ca, String user, String pass, String topic) throws Exception {
        Path msg = Files.createTempFile("stop", ".bin");
        Files.write(msg, Envelope.newBuilder().setSource(user).setEvent(Event.newBuilder().setName("stop")).build().toByteArray());
        Process p = new ProcessBuilder("/usr/bin/mosquitto_pub", "-h", "127.0.0.1", "-p", Integer.toString(port), "--cafile",
                ca, "-i", user + "-tool", "-u", user, "-P", pass, "-t", topic, "-f", msg.toString(), "-q", "1").redirectErrorStream(true).start();
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).isZero();
        Files.delete(msg);
    }

    private static boolean anonymousRefused(int port, String ca) throws Exception {
        Process p = new ProcessBuilder("/usr/bin/mosquitto_pub", "-h", "127.0.0.1", "-p", Integer.toString(port), "--cafile",
                ca, "-t", "robot1/cmd/stop", "-m", "stop").redirectErrorStream(true).start();
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return p.exitValue() != 0 && out.toLowerCase().contains("not authorised") || out.toLowerCase().contains("not authorized");
    }

    private static void run(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(String.join(" ", cmd) + ": " + out).isZero();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
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

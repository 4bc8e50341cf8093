package io.canopy.launch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.launch.web.FleetMonitor;
import io.canopy.messaging.MqttNode;
import io.canopy.messaging.NodeConfig;
import io.canopy.messaging.broker.EmbeddedBroker;
import java.io.IOException;
import java.io.PrintStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** {@code canopy monitor}: the shared broker options (issue #35 item 6), its port message (7), a lost broker (5). */
class MonitorCommandTest {
    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Test
    void theMonitorTakesTheSharedBrokerOptionsIncludingTheCaFile() {
        Object[] r = ValidateCommandTest.run("monitor", "--broker", "ssl://127.0.0.1:1", "--user", "operator",
                "--ca-file", "/nonexistent/ca.crt");
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat((String) r[2]).contains("--ca-file /nonexistent/ca.crt: cannot read it").doesNotContain("Unknown option");
        Object[] help = ValidateCommandTest.run("monitor", "--help");
        assertThat((String) help[1]).contains("--broker=URL", "--user=NAME", "--password-env=VAR", "--ca-file=PEM",
                "--connect-timeout-ms");
    }

    @Test
    void aTakenPortNamesTheMonitorsOwnOption() throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.start(freePort()); ServerSocket taken = new ServerSocket(0)) {
            Object[] r = ValidateCommandTest.run("monitor", "--broker", broker.url(), "--port",
                    String.valueOf(taken.getLocalPort()), "--duration", "5s");
            assertThat(r[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
            assertThat((String) r[2]).contains("give another port, for example --port " + (taken.getLocalPort() + 1))
                    .doesNotContain("--web");
        }
    }

    /** A real broker goes away under the monitor: the robot it said was online is unknown, then online again. */
    @Test
    void whenTheMonitorLosesTheBrokerTheRobotsAreUnknownUntilItIsBack() throws Exception {
        int port = freePort();
        EmbeddedBroker broker = EmbeddedBroker.start(port);
        NodeConfig robotConfig = NodeConfig.builder("controller").namespace("robot1").broker(broker.url())
                .reconnectBackoffMs(50, 200).build();
        NodeConfig monitorConfig = NodeConfig.builder("monitor_test").broker(broker.url()).announceState(false)
                .reconnectBackoffMs(50, 200).build();
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        try (MqttNode mqtt = MqttNode.start(monitorConfig);
                FleetMonitor monitor = FleetMonitor.start(mqtt, "127.0.0.1", 0, quiet);
                MqttNode robot = MqttNode.start(robotConfig)) {
            assertThat(robot.awaitConnected(10_000) && mqtt.awaitConnected(10_000)).isTrue();
            String online = awaitStatus(monitor.port(), s -> s.contains("\"state\":\"online\""));
            assertThat(online).contains("robot1/controller", "\"broker\":\"connected\"");
            // item 9: the page itself carries the state, so it is never blank while its WebSocket opens
            String page = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                    + monitor.port() + "/")).build(), HttpResponse.BodyHandlers.ofString()).body();
            assertThat(page).contains("<script>window.canopyFirst = {", "\"robot1/controller\"", "\"t\":\"full\"");

            broker.close();
            String unknown = awaitStatus(monitor.port(), s -> s.contains("\"state\":\"unknown\""));
            assertThat(unknown).contains("\"broker\":\"lost\"", "\"online\":false").doesNotContain("\"state\":\"online\"");

            broker = EmbeddedBroker.start(port); // the robot reconnects and says online again; so does the monitor
            assertThat(awaitStatus(monitor.port(), s -> s.contains("\"state\":\"online\"")))
                    .contains("\"broker\":\"connected\"");
        } finally {
            broker.close();
        }
    }

    /** The page's state (/api/status) once it satisfies {@code until}; fails after 20 s with the last one seen. */
    private static String awaitStatus(int port, Predicate<String> until) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        HttpRequest get = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/status"))
                .timeout(Duration.ofSeconds(3)).build();
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        String last = "";
        while (System.nanoTime() - deadline < 0) {
            last = http.send(get, HttpResponse.BodyHandlers.ofString()).body();
            if (until.test(last)) {
                return last;
            }
            Thread.sleep(50); // polling the page, as a browser would; the condition is what we wait for
        }
        throw new AssertionError("the page never got there; last /api/status: " + last);
    }
}

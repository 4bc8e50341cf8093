package io.canopy.launch.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.messaging.MqttNode;
import io.canopy.messaging.NodeConfig;
import io.canopy.messaging.broker.EmbeddedBroker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Three robots (the demo, as three {@code canopy run} child processes) on one broker, and the monitor's page in
 * headless Chromium: it lists the three robots online with their trees; one robot killed with kill -9 shows as
 * offline within its Last Will time (keepalive 2 s: at most 3 s after the broker misses it, at once when the
 * broker sees the socket close).
 */
class FleetMonitorBrowserTest {
    private static final int KEEPALIVE_S = 2;
    private final List<Process> robots = new ArrayList<>();
    private EmbeddedBroker broker;
    private MqttNode mqtt;
    private FleetMonitor monitor;
    private ChromeDriver driver;

    @AfterEach
    void stop() {
        for (Process p : robots) {
            p.destroyForcibly();
        }
        if (driver != null) {
            driver.quit();
        }
        if (monitor != null) {
            monitor.close();
        }
        if (mqtt != null) {
            mqtt.close();
        }
        if (broker != null) {
            broker.close();
        }
    }

    /** The demo's launch file with absolute paths and a short keepalive, so a dead robot's Will comes soon. */
    private static Path fleetLaunchFile(Path dir) throws java.io.IOException {
        Path examples = Path.of("examples").toAbsolutePath();
        String text = Files.readString(examples.resolve("patrol.launch.xml"))
                .replace("file=\"", "file=\"" + examples + "/")
                .replace("<mqtt broker=\"$(var broker)\" port=\"$(var mqtt_port)\"/>",
                        "<mqtt broker=\"$(var broker)\" keepalive_s=\"" + KEEPALIVE_S + "\"/>");
        assertThat(text).contains("keepalive_s");
        Path f = dir.resolve("fleet.launch.xml");
        Files.writeString(f, text);
        return f;
    }

    @Test
    void theMonitorShowsThreeRobotsAndOneKilledGoesOffline() throws Exception {
        driver = Browser.start();
        broker = EmbeddedBroker.start(PatrolPageBrowserTest.freePort());
        Path launch = fleetLaunchFile(Files.createTempDirectory("canopy-fleet-"));
        Files.createDirectories(Browser.ARTIFACTS);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        for (int i = 1; i <= 3; i++) {
            robots.add(new ProcessBuilder(java, "-Xmx128m", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                    "io.canopy.launch.cli.CanopyMain", "run", launch.toString(), "--no-status", "--arg", "robot=robot" + i,
                    "--arg", "broker=" + broker.url(), "--arg", "battery=90").redirectErrorStream(true)
                    .redirectOutput(Browser.ARTIFACTS.resolve("fleet-robot" + i + ".log").toFile()).start());
        }
        mqtt = MqttNode.start(NodeConfig.builder("monitor_test").broker(broker.url()).announceState(false).build());
        assertThat(mqtt.awaitConnected(10_000)).isTrue();
        monitor = FleetMonitor.start(mqtt, "127.0.0.1", 0, System.out);
        driver.get("http://127.0.0.1:" + monitor.port() + "/");
        WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(90), Duration.ofMillis(50));
        wait.until(d -> d.findElements(By.cssSelector("#fleet-table tr[data-robot][data-online='true']")).size() == 3);
        assertThat(driver.findElements(By.cssSelector("#robot-picker option"))).extracting(e -> e.getAttribute("value"))
                .containsExactly("robot1/controller", "robot2/controller", "robot3/controller");
        // a robot's trees and machine come from its status topics
        driver.findElement(By.cssSelector("#fleet-table tr[data-robot='robot2/controller']")).click();
        wait.until(d -> !d.findElements(By.cssSelector("g.bt-node[data-tree='patrol'][data-status='running']")).isEmpty());
        wait.until(d -> !d.findElements(By.cssSelector("[data-machine='mission'][data-state='Patrol'][data-active='true']")).isEmpty());
        wait.until(d -> d.findElement(By.cssSelector("#fleet-table tr[data-robot='robot2/controller']")).getText().contains("%"));
        Browser.screenshot(driver, "fleet-three-online.png");

        Process victim = robots.get(1);
        victim.destroyForcibly(); // SIGKILL: no clean offline, only the broker's Last Will
        long killed = System.nanoTime();
        new WebDriverWait(driver, Duration.ofSeconds((long) (1.5 * KEEPALIVE_S) + 5), Duration.ofMillis(20)).until(d ->
                !d.findElements(By.cssSelector("#fleet-table tr[data-robot='robot2/controller'][data-online='false']")).isEmpty());
        long ms = (System.nanoTime() - killed) / 1_000_000;
        System.out.println("robot2 killed with SIGKILL: shown offline on the page after " + ms + " ms");
        assertThat(driver.findElements(By.cssSelector("#fleet-table tr[data-robot][data-online='true']"))).hasSize(2);
        assertThat(driver.findElement(By.id("log")).getText()).contains("robot2/controller is offline");
        Browser.screenshot(driver, "fleet-one-offline.png");
    }
}

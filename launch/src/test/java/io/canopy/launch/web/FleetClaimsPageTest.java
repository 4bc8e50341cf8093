package io.canopy.launch.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.canopy.messaging.MqttNode;
import io.canopy.messaging.NodeConfig;
import io.canopy.messaging.Publisher;
import io.canopy.messaging.Qos;
import io.canopy.messaging.broker.EmbeddedBroker;
import io.canopy.proto.Event;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The fleet monitor's claims, in headless Chromium: a claim published as {@code ClaimBoard} publishes it (a retained
 * QoS 1 Event on fleet/claims/&lt;waypoint&gt;) shows in its holder's row and in the claims table, and goes when it is
 * released; then a real fleet robot ({@code canopy run fleet-robot.launch.xml}, a child process, its lease raised to
 * 60 s) holds a waypoint, is killed with kill -9, and its claims leave the page with its Last Will, long before the
 * lease would have run out.
 */
class FleetClaimsPageTest {
    private static final String HOLDS = "#fleet-table tr[data-robot='%s'] td.holds";
    private Process robot;
    private EmbeddedBroker broker;
    private MqttNode mqtt;
    private MqttNode claimer;
    private FleetMonitor monitor;
    private ChromeDriver driver;

    @AfterEach
    void stop() {
        if (robot != null) {
            robot.destroyForcibly();
        }
        if (driver != null) {
            driver.quit();
        }
        if (monitor != null) {
            monitor.close();
        }
        for (MqttNode n : new MqttNode[] {claimer, mqtt}) {
            if (n != null) {
                n.close();
            }
        }
        if (broker != null) {
            broker.close();
        }
    }

    /** fleet-robot.launch.xml with absolute paths, a 2 s keepalive, 3 s visits instead of driving and a 60 s lease. */
    private static Path robotLaunchFile(Path dir) throws java.io.IOException {
        Path examples = Path.of("examples").toAbsolutePath();
        String tree = Files.readString(examples.resolve("trees/fleet-patrol.xml"))
                .replace("<DriveTo x=\"{x}\" y=\"{y}\"/>", "<Sleep msec=\"3000\"/>")
                .replace("lease_ms=\"3000\"", "lease_ms=\"60000\"");
        assertThat(tree).contains("<Sleep msec=\"3000\"/>").contains("lease_ms=\"60000\"");
        Files.createDirectories(dir.resolve("trees"));
        Files.writeString(dir.resolve("trees/fleet-patrol.xml"), tree);
        String launch = Files.readString(examples.resolve("fleet-robot.launch.xml"))
                .replace("file=\"mission.scxml\"", "file=\"" + examples + "/mission.scxml\"")
                .replace("file=\"trees/dock.xml\"", "file=\"" + examples + "/trees/dock.xml\"")
                .replace("file=\"trees/charge.xml\"", "file=\"" + examples + "/trees/charge.xml\"")
                .replace("<mqtt broker=\"$(var broker)\" port=\"$(var mqtt_port)\"/>", "<mqtt broker=\"$(var broker)\" keepalive_s=\"2\"/>");
        assertThat(launch).contains("keepalive_s=\"2\"");
        Path f = dir.resolve("fleet-robot.launch.xml");
        Files.writeString(f, launch);
        return f;
    }

    private static Event claim(String waypoint, long leaseMs) {
        return Event.newBuilder().setName("claim").setPayload(ByteString.copyFromUtf8(waypoint + " " + leaseMs)).build();
    }

    private static Event release(String waypoint) {
        return Event.newBuilder().setName("release").setPayload(ByteString.copyFromUtf8(waypoint)).build();
    }

    @Test
    void claimsShowPerRobotAndInTheTableAndGoWithAReleaseOrTheHoldersLastWill() throws Exception {
        driver = Browser.start();
        broker = EmbeddedBroker.start(PatrolPageBrowserTest.freePort());
        mqtt = MqttNode.start(NodeConfig.builder("monitor_test").broker(broker.url()).announceState(false).build());
        assertThat(mqtt.awaitConnected(10_000)).isTrue();
        monitor = FleetMonitor.start(mqtt, "127.0.0.1", 0, System.out);
        driver.get("http://127.0.0.1:" + monitor.port() + "/");
        WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(60), Duration.ofMillis(50));

        // a node robot9/controller claims a waypoint exactly as ClaimBoard does
        claimer = MqttNode.start(NodeConfig.builder("controller").namespace("robot9").broker(broker.url()).build());
        assertThat(claimer.awaitConnected(10_000)).isTrue();
        Publisher<Event> northWest = claimer.newPublisher("/fleet/claims/NorthWest", Event.class, Qos.AT_LEAST_ONCE, true);
        northWest.publish(claim("NorthWest", 60_000));
        wait.until(d -> "NorthWest".equals(attr(d.findElements(By.cssSelector(String.format(HOLDS, "robot9/controller"))), "data-claims")));
        WebElement row = driver.findElement(By.cssSelector("#claims-table tr[data-waypoint='NorthWest']"));
        assertThat(row.getAttribute("data-holder")).isEqualTo("robot9/controller");
        assertThat(row.getText()).contains("NorthWest").contains("robot9/controller").containsPattern("in \\d+\\.\\d s");
        assertThat(driver.findElement(By.id("claims-none")).isDisplayed()).isFalse();
        Browser.screenshot(driver, "fleet-claims-held.png");

        // released: gone from the row and the table
        northWest.publish(release("NorthWest"));
        wait.until(d -> d.findElements(By.cssSelector("#claims-table tr[data-waypoint]")).isEmpty());
        assertThat(driver.findElement(By.cssSelector(String.format(HOLDS, "robot9/controller"))).getAttribute("data-claims")).isEmpty();
        // the hint replaces the empty table (the section itself hides while one robot and no claim are left)
        assertThat(driver.findElement(By.id("claims-none")).getDomProperty("hidden")).isEqualTo("false");
        assertThat(driver.findElement(By.id("claims-table")).getDomProperty("hidden")).isEqualTo("true");

        // a real robot holds a waypoint, then dies without a word: its Will ends its claims on the page
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path launch = robotLaunchFile(Files.createTempDirectory("canopy-fleet-claims-page-"));
        Files.createDirectories(Browser.ARTIFACTS);
        robot = new ProcessBuilder(java, "-Xmx128m", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                "io.canopy.launch.cli.CanopyMain", "run", launch.toString(), "--no-status", "--arg", "robot=robot1",
                "--arg", "broker=" + broker.url()).redirectErrorStream(true)
                .redirectOutput(Browser.ARTIFACTS.resolve("fleet-claims-robot1.log").toFile()).start();
        new WebDriverWait(driver, Duration.ofSeconds(120), Duration.ofMillis(50)).until(d ->
                !attr(d.findElements(By.cssSelector(String.format(HOLDS, "robot1/controller"))), "data-claims").isEmpty());
        String held = driver.findElement(By.cssSelector(String.format(HOLDS, "robot1/controller"))).getAttribute("data-claims");
        assertThat(driver.findElements(By.cssSelector("#claims-table tr[data-holder='robot1/controller']"))).isNotEmpty();
        Browser.screenshot(driver, "fleet-claims-robot1.png");

        robot.destroyForcibly(); // SIGKILL: only the broker's Last Will says it is gone; its 60 s lease is far from over
        long killed = System.nanoTime();
        new WebDriverWait(driver, Duration.ofSeconds(15), Duration.ofMillis(20)).until(d ->
                !d.findElements(By.cssSelector("#fleet-table tr[data-robot='robot1/controller'][data-online='false']")).isEmpty()
                        && d.findElements(By.cssSelector("#claims-table tr[data-holder='robot1/controller']")).isEmpty());
        System.out.println("robot1 killed holding " + held + ": its claims left the page after " + (System.nanoTime() - killed) / 1_000_000 + " ms");
        assertThat(driver.findElement(By.cssSelector(String.format(HOLDS, "robot1/controller"))).getAttribute("data-claims")).isEmpty();
        assertThat(driver.findElement(By.id("log")).getText()).contains("robot1/controller's claims ended with its Last Will");
        Browser.screenshot(driver, "fleet-claims-will.png");
    }

    private static String attr(java.util.List<WebElement> found, String name) {
        if (found.isEmpty()) {
            return "";
        }
        String v = found.get(0).getAttribute(name);
        return v == null ? "" : v;
    }
}

package io.canopy.launch.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.launch.LaunchLoader;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.run.LaunchRunner;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The demo (launch/examples/patrol.launch.xml, battery low and draining fast) with its web page, in headless
 * Chromium: the patrol tree is drawn and its node colours change while it runs, the mission goes from Patrol
 * to ReturnToDock when the battery drains, the pose trail grows, the page reconnects by itself after the server
 * restarts; bad requests get a 4xx without a stack trace. Real clock (the simulator runs in real time).
 */
class PatrolPageBrowserTest {
    private LaunchRunner runner;
    private WebServer web;
    private ChromeDriver driver;

    @AfterEach
    void stop() {
        if (driver != null) {
            driver.quit();
        }
        if (web != null) {
            web.close();
        }
        if (runner != null) {
            runner.shutdown();
        }
    }

    static int freePort() throws java.io.IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Test
    void theDemoIsDrawnLiveAndTheMissionReturnsToDock() throws Exception {
        driver = Browser.start();
        LaunchPlan plan = LaunchLoader.load(Path.of("examples/patrol.launch.xml"),
                Map.of("mqtt_port", Integer.toString(freePort()), "battery", "24", "drain", "150"));
        runner = LaunchRunner.start(plan);
        WebOptions options = new WebOptions();
        options.port = 0;
        options.control = true;
        AtomicInteger stops = new AtomicInteger();
        web = options.start(runner, stops::incrementAndGet, System.out);
        String base = "http://127.0.0.1:" + web.port() + "/";
        driver.get(base);
        WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(30), Duration.ofMillis(20));
        wait.until(d -> !d.findElements(By.cssSelector("g.bt-node[data-tree='patrol']")).isEmpty());
        List<WebElement> nodes = driver.findElements(By.cssSelector("g.bt-node[data-tree='patrol']"));
        assertThat(nodes).hasSizeGreaterThan(5);
        assertThat(nodes.get(0).getAttribute("data-node-path")).isEqualTo("KeepRunningUntilFailure");
        // ports on hover: the values written in trees/patrol.xml
        WebElement southWest = driver.findElement(By.cssSelector("g.bt-node[data-tree='patrol'][data-node-path$='/Route/SouthWest']"));
        new org.openqa.selenium.interactions.Actions(driver).moveToElement(southWest).perform();
        assertThat(southWest.findElement(By.tagName("title")).getAttribute("textContent")).contains("DriveTo \"SouthWest\"", "x = 0.6", "y = 0.6");

        // colours change while it runs: some node of the patrol tree shows another status (and fill) than before
        Map<String, String> before = statuses(driver, "patrol");
        String fillBefore = driver.findElement(By.cssSelector("g.bt-node[data-tree='patrol'][data-uid='1'] rect")).getCssValue("fill");
        wait.until(d -> {
            Map<String, String> now = statuses(d, "patrol");
            return now.entrySet().stream().anyMatch(e -> !e.getValue().equals(before.get(e.getKey())));
        });
        wait.until(d -> !d.findElements(By.cssSelector("g.bt-node[data-tree='patrol'][data-status='running']")).isEmpty());
        String runningFill = driver.findElement(By.cssSelector("g.bt-node[data-tree='patrol'][data-status='running'] rect")).getCssValue("fill");
        String idleFill = driver.findElement(By.cssSelector("g.bt-node[data-tree='patrol'][data-status='idle'] rect")).getCssValue("fill");
        assertThat(runningFill).isNotEqualTo(idleFill);
        assertThat(fillBefore).startsWith("rgb");

        // the pose trail grows as the robot drives
        int trail0 = Integer.parseInt(driver.findElement(By.id("pose")).getAttribute("data-trail-points"));
        wait.until(d -> Integer.parseInt(d.findElement(By.id("pose")).getAttribute("data-trail-points")) >= trail0 + 5);

        // the links pane shows the serial link and the node's MQTT connection, both up
        wait.until(d -> !d.findElements(By.cssSelector("#links tr[data-link^='mqtt tcp://']")).isEmpty());
        assertThat(driver.findElement(By.cssSelector("#links tr[data-link^='mqtt tcp://']")).getText()).contains("up");
        assertThat(driver.findElement(By.cssSelector("#links tr[data-link='base']")).getText()).contains("up");

        Browser.screenshot(driver, "patrol-running.png");

        // Patrol, then ReturnToDock when the battery drains under 20 %
        WebDriverWait slow = new WebDriverWait(driver, Duration.ofSeconds(60), Duration.ofMillis(50));
        assertThat(driver.findElements(By.cssSelector("[data-machine='mission'][data-state='Patrol'][data-active='true']"))
                .size() + driver.findElements(By.cssSelector("[data-machine='mission'][data-state='ReturnToDock'][data-active='true']")).size())
                .isEqualTo(1);
        slow.until(d -> !d.findElements(By.cssSelector("[data-machine='mission'][data-state='ReturnToDock'][data-active='true']")).isEmpty());
        assertThat(driver.findElement(By.cssSelector("[data-machine='mission'][data-state='Patrol']")).getAttribute("data-active")).isEqualTo("false");
        assertThat(driver.findElement(By.cssSelector("[data-transitions='mission']")).getText()).contains("Patrol → ReturnToDock on battery");
        wait.until(d -> !d.findElements(By.cssSelector("g.bt-node[data-tree='dock'][data-status='running']")).isEmpty());
        Path shot = Browser.screenshot(driver, "patrol-return-to-dock.png");
        assertThat(Files.size(shot)).isGreaterThan(10_000);

        // the API: status JSON, the tree's XML with UIDs, the machine's SCXML
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<String> status = http.send(HttpRequest.newBuilder(URI.create(base + "api/status")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(status.statusCode()).isEqualTo(200);
        assertThat(status.body()).contains("\"robot1/controller\"", "\"treeStatus\"", "\"ReturnToDock\"", "\"trail\"");
        assertThat(get(http, base + "api/trees/patrol.xml").body()).contains("_uid=\"1\"").containsPattern("name=\"SouthWest\"[^>]* x=\"0.6\"");
        assertThat(get(http, base + "api/machines/mission.scxml").body()).contains("<scxml");
        // bad requests: 4xx, one line, no stack trace
        for (String bad : new String[] {"api/nope", "api/trees/none.xml", "api/trees/a%20b.xml", "static/../../etc/passwd", "api/status?robot=%3Cx%3E"}) {
            HttpResponse<String> r = get(http, base + bad);
            assertThat(r.statusCode()).as(bad).isBetween(400, 499);
            assertThat(r.body()).as(bad).doesNotContain("Exception", "\tat ");
        }
        HttpResponse<String> noToken = http.send(HttpRequest.newBuilder(URI.create(base + "api/event?event=stop"))
                .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(noToken.statusCode()).isEqualTo(403);
        HttpResponse<String> sent = http.send(HttpRequest.newBuilder(URI.create(base + "api/event?event=stop"))
                .header(WebServer.TOKEN_HEADER, web.token()).POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(sent.statusCode()).isEqualTo(202);
        slow.until(d -> !d.findElements(By.cssSelector("[data-machine='mission'][data-state='Idle'][data-active='true']")).isEmpty());
        assertThat(stops.get()).isZero();

        // the page reconnects by itself when the server comes back on the same port
        int port = web.port();
        web.close();
        wait.until(d -> !"open".equals(d.findElement(By.id("conn")).getAttribute("data-conn")));
        options.port = port;
        web = options.start(runner, stops::incrementAndGet, System.out);
        wait.until(d -> "open".equals(d.findElement(By.id("conn")).getAttribute("data-conn")));
        wait.until(d -> !d.findElements(By.cssSelector("g.bt-node[data-tree='patrol']")).isEmpty());
    }

    private static HttpResponse<String> get(HttpClient http, String url) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static Map<String, String> statuses(org.openqa.selenium.WebDriver d, String tree) {
        Map<String, String> out = new HashMap<>();
        @SuppressWarnings("unchecked")
        List<List<String>> pairs = (List<List<String>>) ((ChromeDriver) d).executeScript(
                "return Array.from(document.querySelectorAll(\"g.bt-node[data-tree='" + tree + "']\"))"
                        + ".map(g => [g.getAttribute('data-uid'), g.getAttribute('data-status')]);");
        for (List<String> p : pairs) {
            out.put(p.get(0), p.get(1));
        }
        return out;
    }
}

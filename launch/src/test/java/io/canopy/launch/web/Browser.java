package io.canopy.launch.web;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's headless Chromium driven by Selenium through Debian's chromedriver (no Selenium Manager, no
 * download: the machine has no internet). Without Chromium the browser tests are skipped on a developer's
 * machine and fail in CI ({@code CI=true}), where .ci/install.d/chromium.sh installs it.
 */
final class Browser {
    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path DRIVER = Path.of("/usr/bin/chromedriver");
    static final Path ARTIFACTS = Path.of("target/web-artifacts");

    private Browser() {}

    static ChromeDriver start() throws java.io.IOException {
        boolean there = Files.isExecutable(CHROMIUM) && Files.isExecutable(DRIVER);
        io.canopy.testkit.Peers.require(there, "the browser tests need Debian's chromium and chromium-driver (" + CHROMIUM + ", "
                + DRIVER + "): apt-get install chromium chromium-driver (.ci/install.d/chromium.sh)");
        Path profile = Files.createTempDirectory("canopy-chromium-");
        ChromeOptions o = new ChromeOptions();
        o.setBinary(CHROMIUM.toFile());
        o.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
                "--window-size=1400,1600", "--user-data-dir=" + profile);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile()).usingAnyFreePort().build();
        ChromeDriver d = new ChromeDriver(service, o);
        d.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
        return d;
    }

    static Path screenshot(ChromeDriver d, String name) throws java.io.IOException {
        Files.createDirectories(ARTIFACTS);
        Path p = ARTIFACTS.resolve(name);
        Files.write(p, ((TakesScreenshot) d).getScreenshotAs(OutputType.BYTES));
        return p;
    }
}

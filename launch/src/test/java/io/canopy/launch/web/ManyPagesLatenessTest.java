package io.canopy.launch.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.canopy.launch.LaunchLoader;
import io.canopy.launch.run.LaunchRunner;
import io.canopy.tick.stats.TimerStats;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The demo's control timer (50 Hz) with no page open, then with 100 pages on {@code /api/live}: every page gets
 * the deltas, and the lateness of both windows is printed (a quick figure on a shared, loaded machine, not a
 * benchmark). The pages are served by the hub's thread and Jetty's, never the tick's; they live in a child
 * process ({@link PageLoad}), as browsers would live elsewhere.
 */
class ManyPagesLatenessTest {
    private static final long WINDOW_MS = 6000;

    @Test
    void hundredOpenPagesAllGetUpdatesWhileTheTickRuns() throws Exception {
        LaunchRunner runner = LaunchRunner.start(LaunchLoader.load(Path.of("examples/patrol.launch.xml"),
                Map.of("mqtt_port", Integer.toString(PatrolPageBrowserTest.freePort()), "battery", "90")));
        WebOptions options = new WebOptions();
        options.port = 0;
        WebServer web = options.start(runner, () -> {}, System.out);
        List<Process> pages = new ArrayList<>();
        try {
            Thread.sleep(3000); // past start-up (JIT, broker)
            Histogram none = window(runner);
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Process load = new ProcessBuilder(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"), PageLoad.class.getName(),
                    "ws://127.0.0.1:" + web.port() + "/api/live", "100", Long.toString(WINDOW_MS / 1000 + 4)).redirectErrorStream(true).start();
            pages.add(load);
            java.io.BufferedReader out = new java.io.BufferedReader(new java.io.InputStreamReader(load.getInputStream()));
            assertThat(out.readLine()).isEqualTo("open 100");
            await().atMost(Duration.ofSeconds(10)).until(() -> web.connections() == 100);
            Histogram hundred = window(runner);
            String[] result = out.readLine().split(" "); // pages N messages M minPerPage K
            long messages = Long.parseLong(result[3]);
            long minPerPage = Long.parseLong(result[5]);
            System.out.printf("control timer lateness (50 Hz, %d s windows, loaded shared host): no page p50 %.1f us p99 %.1f us "
                    + "max %.1f us | 100 pages p50 %.1f us p99 %.1f us max %.1f us; %d messages to the pages%n", WINDOW_MS / 1000,
                    none.getValueAtPercentile(50) / 1e3, none.getValueAtPercentile(99) / 1e3, none.getMaxValue() / 1e3,
                    hundred.getValueAtPercentile(50) / 1e3, hundred.getValueAtPercentile(99) / 1e3, hundred.getMaxValue() / 1e3,
                    messages);
            assertThat(hundred.getTotalCount()).isGreaterThan(WINDOW_MS / 20 / 2); // the tick went on (50 Hz: 300 ticks)
            assertThat(minPerPage).as("messages to the slowest page in %d ms", WINDOW_MS).isGreaterThan(10 * WINDOW_MS / 1000);
        } finally {
            pages.forEach(Process::destroyForcibly);
            web.close();
            runner.shutdown();
        }
    }

    /** The control timer's lateness over the next window. */
    private static Histogram window(LaunchRunner runner) throws InterruptedException {
        Histogram before = control(runner).latenessHistogram();
        Thread.sleep(WINDOW_MS);
        Histogram after = control(runner).latenessHistogram();
        after.subtract(before);
        return after;
    }

    private static TimerStats control(LaunchRunner runner) {
        return runner.views().get(0).timerStats().stream().filter(t -> t.name().equals("control")).findFirst().orElseThrow();
    }
}

package io.canopy.launch.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.canopy.launch.cli.CanopyMain;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class BenchSoakCommandTest {
    @Test
    void aShortSoakOfTheDemoReportsMemoryGcAndLateness() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        StringWriter out = new StringWriter();
        CommandLine cli = CanopyMain.commandLine();
        cli.setOut(new PrintWriter(out));
        int code = cli.execute("bench", "soak", "examples/patrol.launch.xml", "--duration", "3s", "--sample", "1s",
                "--arg", "mqtt_port=" + port, "--json");
        assertThat(code).as(out.toString()).isZero();
        List<String> lines = out.toString().lines().toList();
        assertThat(lines.stream().filter(l -> l.matches("\\s+\\d+ s .*"))).as(out.toString()).hasSizeBetween(3, 4);
        JsonObject o = JsonParser.parseString(lines.get(lines.size() - 1)).getAsJsonObject();
        assertThat(o.get("rss_mb").getAsDouble()).isGreaterThan(10);
        assertThat(o.get("threads").getAsInt()).isGreaterThan(1);
        assertThat(o.get("worst_p99_lateness_us").getAsDouble()).as("the demo's timers ticked").isGreaterThan(0);
        assertThat(o.has("rss_slope_kb_per_min")).isTrue();
    }

    @Test
    void theSlopeIsTheLeastSquaresLineThroughTheSamplesAfterTheWarmUp() {
        List<BenchSoakCommand.Sample> s = List.of(
                new BenchSoakCommand.Sample(30, 999_999, 0, 0, 0, 1, 0, 0), // inside the warm-up: left out
                new BenchSoakCommand.Sample(60, 1000, 500, 0, 0, 1, 0, 0),
                new BenchSoakCommand.Sample(120, 1010, 500, 0, 0, 1, 0, 0),
                new BenchSoakCommand.Sample(180, 1020, 500, 0, 0, 1, 0, 0));
        assertThat(BenchSoakCommand.slopePerMinute(s, 60, true)).isEqualTo(10.0);
        assertThat(BenchSoakCommand.slopePerMinute(s, 60, false)).isEqualTo(0.0);
    }
}

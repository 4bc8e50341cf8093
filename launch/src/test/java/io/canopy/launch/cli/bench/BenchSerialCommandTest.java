package io.canopy.launch.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.hardware.serial.SocatPtyPair;
import io.canopy.launch.cli.CanopyMain;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class BenchSerialCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = CanopyMain.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    @Test
    void shortRunPrintsEveryFigureAsJson() {
        Assumptions.assumeTrue(SocatPtyPair.available(), "socat is not installed (apt-get install socat): skipped");
        int code = run("bench", "serial", "--json", "--round-trips", "50", "--warmup", "10", "--frames", "200",
                "--idle-seconds", "0.2", "--baud", "115200");
        assertThat(code).as(err.toString()).isEqualTo(CanopyMain.EXIT_OK);
        String json = out.toString().trim();
        assertThat(json).startsWith("{\"links\":[{\"baud\":115200").contains("\"round_trips\":50")
                .contains("\"bad_frames\":0").contains("\"cpu_percent_of_one_core\"")
                .contains("\"receive_bytes_allocated_per_frame\"").doesNotContain("jssc");
    }

    @Test
    void tableNamesTheColumns() {
        Assumptions.assumeTrue(SocatPtyPair.available(), "socat is not installed (apt-get install socat): skipped");
        int code = run("bench", "serial", "--round-trips", "20", "--warmup", "5", "--frames", "100",
                "--idle-seconds", "0.1", "--baud", "1000000");
        assertThat(code).isEqualTo(CanopyMain.EXIT_OK);
        assertThat(out.toString()).contains("p50 us").contains("p99 us").contains("1000000").contains("idle link")
                .contains("libc open/termios");
    }

    @Test
    void negativeFramesIsBadInput() {
        assertThat(run("bench", "serial", "--frames", "-1")).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat(err.toString()).contains("--frames");
    }
}

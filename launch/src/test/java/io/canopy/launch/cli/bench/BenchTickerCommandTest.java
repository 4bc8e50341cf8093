package io.canopy.launch.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.launch.cli.CanopyMain;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Runs the real bench for a second; asserts the report's shape and its exact counts, never its timings. */
class BenchTickerCommandTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream savedOut;
    private PrintStream savedErr;

    @BeforeEach
    void capture() {
        savedOut = System.out;
        savedErr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restore() {
        System.setOut(savedOut);
        System.setErr(savedErr);
    }

    private String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void printsLatenessTicksMissedAndAllocationAndOneJsonObjectOnTheLastLine() {
        int code = CanopyMain.execute("bench", "ticker", "--hz", "200", "--seconds", "1", "--warmup-ticks", "0", "--json");

        String text = stdout();
        assertThat(code).as(text).isEqualTo(CanopyMain.EXIT_OK);
        assertThat(text).contains("lateness us: p50 ").contains(" p99 ").contains(" p99.9 ").contains(" max ");
        assertThat(text).contains("ticks expected 200, done ");
        assertThat(text).containsPattern("tick-thread allocation: [0-9.]+ bytes per tick");

        String[] lines = text.strip().split("\\R");
        String json = lines[lines.length - 1];
        assertThat(json).startsWith("{").endsWith("}");
        assertThat(json).contains("\"hz\":200", "\"ticks_expected\":200", "\"lateness_us\":{\"p50\":", "\"p99\":",
                "\"p999\":", "\"max\":", "\"alloc_bytes_per_tick\":");
        long done = number(json, "ticks_done");
        long missed = number(json, "missed");
        assertThat(done + missed).as("no drift: every deadline of the second is run or counted").isEqualTo(200);
        assertThat(done).isPositive();
    }

    @Test
    void withoutJsonThereIsNoJsonLine() {
        int code = CanopyMain.execute("bench", "ticker", "--hz", "100", "--seconds", "1", "--warmup-ticks", "0",
                "--idle", "park");
        assertThat(code).isEqualTo(CanopyMain.EXIT_OK);
        assertThat(stdout()).doesNotContain("{").contains("idle park,");
    }

    @Test
    void outOfRangeRateIsBadInputWithOneLineSayingWhatToGive() {
        int code = CanopyMain.execute("bench", "ticker", "--hz", "0");
        assertThat(code).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        String message = err.toString(StandardCharsets.UTF_8).strip();
        assertThat(message).doesNotContain("\n").contains("--hz 0").contains("1 to 1000000");
    }

    @Test
    void unknownIdleModeIsBadInput() {
        int code = CanopyMain.execute("bench", "ticker", "--idle", "sleep", "--seconds", "1");
        assertThat(code).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("\"sleep\"").contains("park, park-then-spin or spin");
    }

    private static long number(String json, String key) {
        Matcher m = Pattern.compile("\"" + key + "\":(\\d+)").matcher(json);
        assertThat(m.find()).as("key %s in %s", key, json).isTrue();
        return Long.parseLong(m.group(1));
    }
}

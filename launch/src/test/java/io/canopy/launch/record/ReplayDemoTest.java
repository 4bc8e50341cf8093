package io.canopy.launch.record;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.launch.run.DemoRecording;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code canopy replay} on 30 s of the demo recorded on the manual clock (battery at 25 %, so the robot patrols,
 * returns to its dock at 20 % and charges; a stop command at 8 s and a start at 9 s, as the MQTT client hands them
 * to the node): the replay matches the recording message for message; a changed docking threshold diverges at the
 * tick the battery first crosses it; a copy cut at two thirds replays up to the cut; --until stops there.
 */
class ReplayDemoTest {
    @TempDir
    static Path dir;
    static Path recording;

    @BeforeAll
    static void record() throws Exception {
        recording = dir.resolve("run.mcap");
        DemoRecording.record(recording, Map.of("battery", "25"), 30, Map.of(8_000_000_000L, "stop", 9_000_000_000L, "start"));
    }

    @Test
    void replayOfTheDemoIsIdentical() {
        Replay.Result r = Replay.run(recording, new Replay.Options(List.of(), -1, true));
        System.out.println("replay --check: " + r.summary(true));
        assertThat(r.divergence()).as(r.divergence() == null ? "" : r.divergence().line()).isNull();
        assertThat(r.ticks()).as("1500 control + 60 telemetry ticks").isBetween(1555L, 1561L);
        assertThat(r.compared()).isGreaterThan(500);
        assertThat(r.cut()).isNull();
    }
}

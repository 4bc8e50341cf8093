package io.canopy.bt.observe;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.canopy.bt.Tree;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Perfetto JSON parses with Gson and every event has the fields the Trace Event Format requires for its
 * phase (ph, ts, pid, tid, name; dur for complete slices), with the values the rings held.
 */
class TraceJsonTest {
    @TempDir
    Path dir;

    /** Checks one event against the Trace Event Format (the fields Perfetto's JSON importer reads). */
    static void checkSchema(JsonObject e) {
        assertThat(e.has("ph")).as("ph in %s", e).isTrue();
        String ph = e.get("ph").getAsString();
        assertThat(ph).as("phase of %s", e).isIn("X", "i", "B", "E", "C", "M");
        assertThat(e.get("pid").getAsJsonPrimitive().isNumber()).as("pid in %s", e).isTrue();
        if (!ph.equals("M")) {
            assertThat(e.get("ts").getAsJsonPrimitive().isNumber()).as("ts in %s", e).isTrue();
        }
        if (!ph.equals("E")) {
            assertThat(e.get("name").getAsString()).as("name in %s", e).isNotEmpty();
        }
        if (Set.of("X", "i", "B", "E").contains(ph)) {
            assertThat(e.get("tid").getAsJsonPrimitive().isNumber()).as("tid in %s", e).isTrue();
        }
        if (ph.equals("X")) {
            assertThat(e.get("dur").getAsDouble()).as("dur in %s", e).isGreaterThanOrEqualTo(0);
        }
        if (ph.equals("i")) {
            assertThat(e.get("s").getAsString()).isIn("t", "p", "g");
        }
        if (ph.equals("C") || ph.equals("M")) {
            assertThat(e.get("args").isJsonObject()).as("args in %s", e).isTrue();
        }
    }

    static List<JsonObject> read(Path file) throws IOException {
        try (Reader r = Files.newBufferedReader(file)) {
            JsonArray all = JsonParser.parseReader(r).getAsJsonArray();
            List<JsonObject> out = new ArrayList<>();
            for (JsonElement e : all) {
                JsonObject o = e.getAsJsonObject();
                checkSchema(o);
                out.add(o);
            }
            return out;
        }
    }

    private static List<JsonObject> phase(List<JsonObject> events, String ph) {
        return events.stream().filter(e -> e.get("ph").getAsString().equals(ph)).toList();
    }

    @Test
    void treeTicksMachineStepsAndCountersBecomeTraceEvents() throws IOException {
        ObservedTrees t = new ObservedTrees();
        Tree tree = t.load(ObservedTrees.tree("<Sequence><AlwaysSuccess/><Sleep msec=\"10\"/></Sequence>"));
        TreeObserver observer = TreeObserver.attach(tree);
        Path file = dir.resolve("run.json");
        TraceJson trace = TraceJson.open(file, t.clock);
        trace.addTree(observer);
        MachineRecorder mission = new MachineRecorder("mission", t.clock, List.of("", "Idle", "Patrol"),
                List.of("Idle -> Patrol on go"));
        trace.addMachine(mission);
        TransitionRing lateness = trace.addCounter("control lateness", "lateness_us");

        mission.entered(1);                 // the machine starts (outside a tick)
        t.advanceMs(5);
        tree.tickExactlyOnce();             // Sequence and Sleep RUNNING
        mission.tickStarted();
        mission.transition(0);
        mission.exited(1);
        mission.entered(2);
        t.clock.advanceNs(3_000_000);       // the machine's tick takes 3 ms
        mission.tickEnded();
        lateness.append(t.clock.nanoTime(), 42_000);
        trace.drain();
        t.advanceMs(10);
        tree.tickExactlyOnce();             // Sleep done: SUCCESS
        trace.close();

        List<JsonObject> events = read(file);
        assertThat(phase(events, "M")).extracting(e -> e.getAsJsonObject("args").get("name").getAsString())
                .containsExactly("canopy", "Main", "mission", "mission states");

        List<JsonObject> slices = phase(events, "X");
        assertThat(slices).extracting(e -> e.get("name").getAsString())
                .containsExactlyInAnyOrder("Main tick", "Main tick", "mission tick");
        JsonObject machineTick = slices.stream().filter(e -> e.get("name").getAsString().equals("mission tick"))
                .findFirst().orElseThrow();
        assertThat(machineTick.get("ts").getAsDouble()).isEqualTo(5000.0);
        assertThat(machineTick.get("dur").getAsDouble()).isEqualTo(3000.0);
        assertThat(slices.stream().filter(e -> e.get("name").getAsString().equals("Main tick"))
                .mapToDouble(e -> e.get("ts").getAsDouble())).containsExactly(5000.0, 18000.0);

        List<JsonObject> instants = phase(events, "i");
        assertThat(instants).extracting(e -> e.get("name").getAsString()).containsSubsequence(
                "Sequence RUNNING", "Sleep SUCCESS", "Sequence SUCCESS");
        assertThat(instants).extracting(e -> e.get("name").getAsString()).containsSubsequence(
                "enter Idle", "transition Idle -> Patrol on go", "exit Idle", "enter Patrol");
        JsonObject sleepDone = instants.stream().filter(e -> e.get("name").getAsString().equals("Sleep SUCCESS"))
                .findFirst().orElseThrow();
        assertThat(sleepDone.getAsJsonObject("args").get("path").getAsString()).isEqualTo("Sequence/Sleep");
        assertThat(sleepDone.getAsJsonObject("args").get("from").getAsString()).isEqualTo("RUNNING");
        assertThat(sleepDone.get("ts").getAsDouble()).isEqualTo(18000.0);

        // Idle from its entry to its exit; Patrol still open at the end
        assertThat(phase(events, "B")).extracting(e -> e.get("name").getAsString()).containsExactly("Idle", "Patrol");
        assertThat(phase(events, "E")).hasSize(1);

        List<JsonObject> counters = phase(events, "C");
        assertThat(counters).hasSize(1);
        assertThat(counters.get(0).getAsJsonObject("args").get("lateness_us").getAsDouble()).isEqualTo(42.0);
        assertThat(trace.events()).isEqualTo(events.size());
    }

    @Test
    void aFileCutShortStillHasEveryEventItWroteOnItsOwnLine() throws IOException {
        ObservedTrees t = new ObservedTrees();
        Tree tree = t.load(ObservedTrees.tree("<AlwaysSuccess/>"));
        TreeObserver observer = TreeObserver.attach(tree);
        Path file = dir.resolve("cut.json");
        TraceJson trace = TraceJson.open(file, t.clock);
        trace.addTree(observer);
        tree.tickExactlyOnce();
        trace.drain(); // no close: the process "died" here
        List<String> lines = Files.readAllLines(file);
        assertThat(lines.get(0)).isEqualTo("[");
        // every line after the bracket is one event object (a trailing comma but the last)
        for (String line : lines.subList(1, lines.size())) {
            JsonObject e = JsonParser.parseString(line.endsWith(",") ? line.substring(0, line.length() - 1) : line)
                    .getAsJsonObject();
            checkSchema(e);
        }
        assertThat(lines).anyMatch(l -> l.contains("\"Main tick\""));
    }
}

package io.canopy.statemachine;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.canopy.InputException;
import io.canopy.statemachine.build.ScxmlLoader;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.ManualNanoClock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * SCION's test suite (corpus/scion/scxml-test-framework): each document comes with the events to send (some
 * after a delay) and the atomic configuration expected after each. Canopy must agree with SCION on every test
 * whose document it loads, except those listed in {@code corpus/scion-differences.txt} with the reason, and
 * get the same results on the full engine.
 */
class ScionSuiteTest {
    @Test
    void canopyReachesScionsConfigurationAfterEveryEvent() throws Exception {
        Path dir = PublicCorpusTest.root().resolve("scion/scxml-test-framework/test");
        List<String> known = new ArrayList<>();
        for (String line : Files.readAllLines(PublicCorpusTest.root().resolve("scion-differences.txt"))) {
            if (!line.isBlank() && !line.startsWith("#")) {
                known.add(line.split(" ")[0]);
            }
        }
        List<Path> tests;
        try (Stream<Path> files = Files.walk(dir)) {
            tests = files.filter(f -> f.toString().endsWith(".scxml"))
                    .filter(f -> Files.exists(Path.of(f.toString().replace(".scxml", ".json")))).sorted().toList();
        }
        List<String> differ = new ArrayList<>();
        List<String> report = new ArrayList<>();
        int agree = 0;
        int refused = 0;
        for (Path f : tests) {
            String name = dir.relativize(f).toString();
            String result = run(f, null);
            String onFull = run(f, "full");
            if (!onFull.equals(result)) {
                differ.add(name + ": on the full engine " + onFull + ", on its own engine " + result);
            }
            report.add(name + ": " + result);
            if (result.equals("agree")) {
                agree++;
            } else if (result.startsWith("refused")) {
                refused++;
            } else if (!known.contains(name)) {
                differ.add(name + ": " + result);
            }
        }
        String summary = tests.size() + " SCION tests: " + agree + " agree, " + refused + " refused at load, "
                + (tests.size() - agree - refused) + " differ (" + differ.size() + " not listed in scion-differences.txt)";
        System.out.println("ScionSuiteTest: " + summary);
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target", "scion-report.txt"), summary + "\n" + String.join("\n", report) + "\n");
        assertThat(differ).as(summary).isEmpty();
        assertThat(agree).as(summary).isGreaterThanOrEqualTo(100);
    }

    /** "agree", "refused: why", or where it first differs. */
    static String run(Path f, String engine) throws Exception {
        JsonObject spec = JsonParser.parseString(Files.readString(Path.of(f.toString().replace(".scxml", ".json")),
                StandardCharsets.UTF_8)).getAsJsonObject();
        Statechart chart;
        try {
            chart = ScxmlLoader.load(f, engine);
        } catch (InputException e) {
            return "refused: " + e.getMessage();
        }
        ManualNanoClock clock = new ManualNanoClock();
        DeadlineTimerQueue timers = new DeadlineTimerQueue(clock);
        Machine m = chart.newMachine(new MachineContext(timers).onLog((mm, l, v) -> { }));
        try {
            m.start();
            String d = compare("initial", spec.getAsJsonArray("initialConfiguration"), m);
            if (d != null) {
                return d;
            }
            for (JsonElement step : spec.getAsJsonArray("events")) {
                JsonObject s = step.getAsJsonObject();
                if (s.has("after")) {
                    long until = clock.nanoTime() + s.get("after").getAsLong() * 1_000_000L;
                    while (!timers.isEmpty() && timers.nextDeadlineNs() <= until) {
                        clock.setNs(Math.max(clock.nanoTime(), timers.nextDeadlineNs()));
                        timers.poll(clock.nanoTime(), 1);
                        m.drain();
                    }
                    clock.setNs(until);
                }
                JsonObject event = s.getAsJsonObject("event");
                Object data = event.has("data") ? new Gson().fromJson(event.get("data"), Object.class) : null;
                if (data instanceof Map || data instanceof List) {
                    data = Payloads.json(event.get("data").toString());
                }
                m.fire(event.get("name").getAsString(), data);
                d = compare("after " + event.get("name").getAsString(), s.getAsJsonArray("nextConfiguration"), m);
                if (d != null) {
                    return d;
                }
            }
        } catch (RuntimeException e) {
            return "crashed: " + e;
        }
        return "agree";
    }

    private static String compare(String when, JsonArray expected, Machine m) {
        TreeSet<String> want = new TreeSet<>();
        expected.forEach(e -> want.add(e.getAsString()));
        // SCION keeps the top-level final state it stopped in as its configuration
        TreeSet<String> got = new TreeSet<>(m.isFinished() && m.finalStateId() != null ? List.of(m.finalStateId())
                : m.activeAtomicStates());
        return want.equals(got) ? null : when + ": SCION " + want + ", Canopy " + got;
    }
}

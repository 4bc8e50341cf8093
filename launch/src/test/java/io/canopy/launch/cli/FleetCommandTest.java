package io.canopy.launch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code canopy fleet --robots 3} for a few seconds on the embedded broker: a well-formed report of real figures. */
class FleetCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = CanopyMain.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    @Test
    void threeRobotsReportLatenessCpuRssAndMessageRate() {
        int code = run("fleet", "--robots", "3", "--duration", "3s", "--warmup", "1s", "--json",
                "--launch", "examples/fleet-robot.launch.xml");
        assertThat(code).as(err.toString()).isEqualTo(CanopyMain.EXIT_OK);
        String[] lines = out.toString().trim().split("\n");
        assertThat(lines[0]).startsWith("3 robots on tcp://127.0.0.1:");
        assertThat(lines[1]).contains("lateness p99 us");
        JsonObject o = JsonParser.parseString(lines[lines.length - 1]).getAsJsonObject();
        assertThat(o.get("robots").getAsInt()).isEqualTo(3);
        assertThat(o.get("duration_s").getAsDouble()).isBetween(2.9, 10.0);
        assertThat(o.get("cpu_percent").getAsDouble()).isGreaterThan(0);
        assertThat(o.get("rss_mb").getAsDouble()).isGreaterThan(10);
        assertThat(o.get("threads").getAsInt()).isGreaterThan(3);
        assertThat(o.get("shared_ticker").getAsBoolean()).isFalse();
        assertThat(o.get("tick_threads").getAsInt()).isEqualTo(3); // one per robot, named after it
        // each robot publishes telemetry and renews its claims: the broker passes messages on
        assertThat(o.get("mqtt_messages_per_s").getAsDouble()).isGreaterThan(3);
        JsonArray per = o.getAsJsonArray("per_robot");
        assertThat(per).hasSize(3);
        Set<String> names = new HashSet<>();
        for (var e : per) {
            JsonObject r = e.getAsJsonObject();
            names.add(r.get("name").getAsString());
            // control at 50 Hz plus telemetry at 2 Hz for ~3 s: about 156; on a host at load 13 deadlines are
            // skipped (62 seen), so the floor only proves that every robot ticked throughout
            assertThat(r.get("ticks").getAsLong()).isBetween(20L, 250L);
            assertThat(r.get("p99_lateness_us").getAsDouble()).isGreaterThanOrEqualTo(0).isLessThanOrEqualTo(r.get("max_lateness_us").getAsDouble());
        }
        assertThat(names).containsExactlyInAnyOrder("robot1/controller", "robot2/controller", "robot3/controller");
        assertThat(o.getAsJsonArray("not_read")).as("every robot read within the 60 s budget").isEmpty();
        assertThat(o.get("p99_lateness_us_worst_robot").getAsDouble()).isGreaterThanOrEqualTo(o.get("p99_lateness_us_median_robot").getAsDouble());
    }

    @Test
    void sharedTickerRunsEveryRobotOnOneTickThread() {
        int code = run("fleet", "--robots", "4", "--shared-ticker", "--duration", "3s", "--warmup", "1s", "--json",
                "--launch", "examples/fleet-robot.launch.xml");
        assertThat(code).as(err.toString()).isEqualTo(CanopyMain.EXIT_OK);
        String[] lines = out.toString().trim().split("\n");
        assertThat(lines[0]).startsWith("4 robots on tcp://127.0.0.1:").contains("one shared tick thread");
        JsonObject o = JsonParser.parseString(lines[lines.length - 1]).getAsJsonObject();
        assertThat(o.get("shared_ticker").getAsBoolean()).isTrue();
        // no thread named after a robot: the one 'shared-ticker' thread ticks them all
        assertThat(o.get("tick_threads").getAsInt()).isEqualTo(1);
        assertThat(o.get("mqtt_messages_per_s").getAsDouble()).isGreaterThan(3);
        JsonArray per = o.getAsJsonArray("per_robot");
        assertThat(per).hasSize(4);
        for (var e : per) {
            JsonObject r = e.getAsJsonObject();
            // each robot keeps its own timers and statistics: every one of them ticked throughout
            assertThat(r.get("ticks").getAsLong()).as(r.toString()).isBetween(20L, 250L);
            assertThat(r.get("p99_lateness_us").getAsDouble()).isGreaterThanOrEqualTo(0).isLessThanOrEqualTo(r.get("max_lateness_us").getAsDouble());
        }
    }

    /**
     * Half the robots are given a broker nobody listens on: the run still settles (1 s), measures and reports, and the
     * report names the robots that never connected, while every robot started and ticked.
     */
    @Test
    void robotsThatNeverConnectAreNamedInTheReport() throws Exception {
        int deadPort;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            deadPort = s.getLocalPort(); // closed again: nobody listens there
        }
        int code = run("fleet", "--robots", "4", "--broker", "embedded", "--broker", "tcp://127.0.0.1:" + deadPort,
                "--settle", "1s", "--duration", "2s", "--warmup", "0s", "--json", "--launch", "examples/fleet-robot.launch.xml");
        assertThat(code).as(err.toString()).isEqualTo(CanopyMain.EXIT_OK);
        String text = out.toString();
        assertThat(text).contains("not connected (2): robot2/controller, robot4/controller")
                .contains("robots: 4 asked, 4 started").contains("not all connected and ticking after the 1.0 s settle");
        String[] lines = text.trim().split("\n");
        JsonObject o = JsonParser.parseString(lines[lines.length - 1]).getAsJsonObject();
        assertThat(o.get("started").getAsInt()).isEqualTo(4);
        assertThat(o.get("connected").getAsInt()).isEqualTo(2);
        assertThat(o.get("settled").getAsBoolean()).isFalse();
        assertThat(names(o.getAsJsonArray("not_connected"))).containsExactly("robot2/controller", "robot4/controller");
        assertThat(o.getAsJsonArray("not_started")).isEmpty();
        JsonArray per = o.getAsJsonArray("per_robot");
        assertThat(per).hasSize(4);
        for (var e : per) {
            JsonObject r = e.getAsJsonObject();
            boolean onDeadBroker = r.get("name").getAsString().matches("robot[24]/controller");
            assertThat(r.get("connected").getAsBoolean()).as(r.toString()).isEqualTo(!onDeadBroker);
            assertThat(r.get("ticks").getAsLong()).as(r.toString()).isPositive(); // a robot without a broker still ticks
        }
    }

    /**
     * A start-up window too short for the robots: the run ends with a report anyway, and every robot it did not start
     * is named in {@code not_started} (how many made it depends on the host; the names always add up).
     */
    @Test
    void robotsNotStartedInTheStartUpWindowAreNamed() {
        notStartedRobotsAreNamed();
    }

    /** The same with one shared tick thread: the nodes not built, or built but not started, in time are named. */
    @Test
    void robotsNotStartedInTheStartUpWindowAreNamedWithASharedTicker() {
        notStartedRobotsAreNamed("--shared-ticker");
    }

    private void notStartedRobotsAreNamed(String... extra) {
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("fleet", "--robots", "3", "--start-timeout",
                "1ms", "--settle", "0s", "--duration", "500ms", "--warmup", "0s", "--json", "--launch",
                "examples/fleet-robot.launch.xml"));
        args.addAll(java.util.List.of(extra));
        int code = run(args.toArray(String[]::new));
        assertThat(code).as(err.toString()).isEqualTo(CanopyMain.EXIT_OK);
        String[] lines = out.toString().trim().split("\n");
        JsonObject o = JsonParser.parseString(lines[lines.length - 1]).getAsJsonObject();
        Set<String> all = new HashSet<>(names(o.getAsJsonArray("not_started")));
        for (var e : o.getAsJsonArray("per_robot")) {
            assertThat(all.add(e.getAsJsonObject().get("name").getAsString())).isTrue();
        }
        assertThat(all).containsExactlyInAnyOrder("robot1/controller", "robot2/controller", "robot3/controller");
        assertThat(o.get("started").getAsInt() + o.getAsJsonArray("not_started").size()).isEqualTo(3);
        if (!o.getAsJsonArray("not_started").isEmpty()) {
            assertThat(out.toString()).contains("not started (start-up window closed)");
        }
    }

    private static java.util.List<String> names(JsonArray a) {
        java.util.List<String> out = new java.util.ArrayList<>();
        a.forEach(e -> out.add(e.getAsString()));
        return out;
    }

    @Test
    void aMissingLaunchFileSaysHowToFixIt() {
        int code = run("fleet", "--robots", "2", "--launch", "no/such/fleet-robot.launch.xml");
        assertThat(code).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat(err.toString()).contains("no/such/fleet-robot.launch.xml: no such file").contains("--launch");
    }
}

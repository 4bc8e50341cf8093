package io.canopy.launch.record;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.launch.cli.CanopyMain;
import io.canopy.launch.run.DemoRecording;
import io.canopy.proto.Envelope;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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

    /**
     * The mission docks at 20 %; with a copy that docks at 22 %, the replay first differs at the tick after the base
     * reported a charge under 22 % (the battery event that tick drains moves the machine to ReturnToDock, and the
     * dock tree's set-points change in the same tick).
     */
    @Test
    void aChangedDockingThresholdDivergesAtTheTickTheBatteryCrossesIt() throws Exception {
        Path changed = dir.resolve("changed").resolve("mission.scxml");
        Files.createDirectories(changed.getParent());
        String mission = Files.readString(Path.of("examples/mission.scxml"));
        assertThat(mission).contains("_event.data &lt; 20");
        Files.writeString(changed, mission.replace("_event.data &lt; 20", "_event.data &lt; 22"));

        Replay.Result r = Replay.run(recording, new Replay.Options(List.of(changed), -1, true));
        System.out.println("replay --with: " + (r.divergence() == null ? "none" : r.divergence().line()));

        long crossedNs = firstBatteryBelow(22);
        assertThat(r.divergence()).isNotNull();
        assertThat(r.divergence().channel()).isIn("robot1/controller/out/motors", "robot1/controller/machine/mission");
        assertThat(r.divergence().timer()).isEqualTo("control");
        assertThat(r.divergence().atNs()).as("the first tick after the reading under 22 %% at %d ns", crossedNs)
                .isEqualTo(crossedNs + 20_000_000L);
        assertThat(r.divergence().tick()).isEqualTo(r.divergence().atNs() / 20_000_000L);
    }

    /** The receive time (from the start) of the first BatteryState under {@code percent} the base sent. */
    private static long firstBatteryBelow(double percent) throws Exception {
        List<long[]> found = new ArrayList<>();
        long[] offset = {Long.MIN_VALUE};
        Map<Integer, String> topics = new java.util.HashMap<>();
        McapReader.read(recording, new McapReader.Visitor() {
            @Override
            public void channel(int id, int schemaId, String topic, String encoding, Map<String, String> metadata) {
                topics.put(id, topic);
            }

            @Override
            public void message(int channel, long sequence, long logTime, long publishTime, byte[] data) {
                try {
                    String topic = topics.get(channel);
                    if (offset[0] == Long.MIN_VALUE && topic.endsWith("/timer/control")) {
                        var tick = RecordSchemas.type("Tick");
                        long now = (Long) com.google.protobuf.DynamicMessage.parseFrom(tick, data).getField(tick.findFieldByName("now_ns"));
                        offset[0] = logTime - now;
                    }
                    if (topic.endsWith("/in/serial/base")) {
                        Envelope e = Envelope.parseFrom(data);
                        if (e.hasBatteryState() && e.getBatteryState().getPercent() < percent) {
                            found.add(new long[] {logTime});
                        }
                    }
                } catch (com.google.protobuf.InvalidProtocolBufferException e) {
                    throw new AssertionError(e);
                }
            }
        });
        assertThat(found).isNotEmpty();
        return found.get(0)[0] - offset[0];
    }

    /**
     * The stop and start commands (MQTT binds mqtt:cmd/stop and mqtt:cmd/start) are on a channel per MQTT topic, as
     * Envelopes, with the bind in the channel's metadata and, as the MCAP sequence, how many link-caused inbox events
     * the node had taken before each (replay's ordering); nothing is left on in/events.
     */
    @Test
    void mqttCommandsAreRecordedOnAChannelPerTopic() throws Exception {
        Map<Integer, String> topics = new java.util.HashMap<>();
        Map<Integer, Map<String, String>> metadata = new java.util.HashMap<>();
        Map<Integer, String> schemas = new java.util.HashMap<>();
        Map<String, String> schemaOf = new java.util.HashMap<>();
        List<String> got = new ArrayList<>();
        McapReader.read(recording, new McapReader.Visitor() {
            @Override
            public void schema(int id, String name, String encoding, byte[] data) {
                schemas.put(id, name);
            }

            @Override
            public void channel(int id, int schemaId, String topic, String encoding, Map<String, String> md) {
                topics.put(id, topic);
                metadata.put(id, md);
                schemaOf.put(topic, schemas.get(schemaId) + " " + encoding);
            }

            @Override
            public void message(int channel, long sequence, long logTime, long publishTime, byte[] data) {
                String topic = topics.get(channel);
                if (topic.contains("/in/mqtt/") || topic.endsWith("/in/events")) {
                    try {
                        got.add(topic + " " + metadata.get(channel).get("bind").replaceFirst("^bind#\\d+ ", "") + " seq>0:" + (sequence > 0) + " "
                                + Envelope.parseFrom(data).getEvent().getName().isEmpty());
                    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
                        throw new AssertionError(e);
                    }
                }
            }
        });
        assertThat(got).containsExactly(
                "robot1/controller/in/mqtt/robot1/cmd/stop mqtt:cmd/stop -> event:stop seq>0:true false",
                "robot1/controller/in/mqtt/robot1/cmd/start mqtt:cmd/start -> event:start seq>0:true false");
        assertThat(schemaOf.get("robot1/controller/in/mqtt/robot1/cmd/stop")).isEqualTo("canopy.v1.Envelope protobuf");

        String[] info = cli("bag", "info", recording.toString());
        assertThat(info[0]).isEqualTo("0");
        assertThat(info[1]).containsPattern("robot1/controller/in/mqtt/robot1/cmd/stop +canopy.v1.Envelope +1 msgs")
                .containsPattern("robot1/controller/in/mqtt/robot1/cmd/start +canopy.v1.Envelope +1 msgs")
                .doesNotContain("in/events");
        String[] echoed = cli("echo", "--bag", recording.toString(), "robot1/controller/in/mqtt/#");
        assertThat(echoed[0]).isEqualTo("0");
        assertThat(echoed[1]).contains("robot1/controller/in/mqtt/robot1/cmd/stop").contains("stop");
    }

    /**
     * A recording made before the MQTT channels (its MQTT commands as canopy.record.v1.Input on in/events, with
     * derived_before in the message) still replays identically: made here by rewriting the new one that way.
     */
    @Test
    void anOlderRecordingWithMqttCommandsOnInEventsStillReplays() throws Exception {
        Path old = dir.resolve("older.mcap");
        int converted = OlderRecording.write(recording, old);
        assertThat(converted).isEqualTo(2);
        Replay.Result now = Replay.run(recording, new Replay.Options(List.of(), -1, true));
        Replay.Result r = Replay.run(old, new Replay.Options(List.of(), -1, true));
        assertThat(r.divergence()).as(r.divergence() == null ? "" : r.divergence().line()).isNull();
        assertThat(r.compared()).isEqualTo(now.compared());
        assertThat(r.ticks()).isEqualTo(now.ticks());
        // and without the commands it would differ: the stop at 8 s is what the motors' recorded zeros follow
        Path none = dir.resolve("without-commands.mcap");
        OlderRecording.write(recording, none, true);
        Replay.Result without = Replay.run(none, new Replay.Options(List.of(), -1, true));
        assertThat(without.divergence()).as("the commands matter").isNotNull();
        assertThat(without.divergence().atNs()).isBetween(8_000_000_000L, 8_100_000_000L);
    }

    @Test
    void aCopyCutAtTwoThirdsReplaysUpToTheCut() throws Exception {
        Path cut = dir.resolve("cut.mcap");
        McapCut.cutAmidTicks(recording, cut, "/timer/control", 1.0 / 3); // in the middle of a chunk, some control ticks after it
        Replay.Result r = Replay.run(cut, new Replay.Options(List.of(), -1, true));
        System.out.println("replay of the cut copy: " + r.summary(true));
        assertThat(r.divergence()).as(r.divergence() == null ? "" : r.divergence().line()).isNull();
        assertThat(r.cut()).contains("cut short");
        assertThat(r.ticks()).isBetween(1500L / 3, 1559L); // at least a third of the control ticks, not all
        assertThat(r.summary(true)).contains("replayed up to the cut");
    }

    @Test
    void untilStopsThereAndShowsTheMachineAndBlackboard() { // by 10 s the robot has docked (battery 25 %, dock at 20 %)
        Replay.Result r = Replay.run(recording, new Replay.Options(List.of(), 10_000_000_000L, true));
        assertThat(r.divergence()).as(r.divergence() == null ? "" : r.divergence().line()).isNull();
        assertThat(r.stoppedAtUntil()).isTrue();
        assertThat(r.nodeNs()).isEqualTo(10_000_000_000L);
        assertThat(r.ticks()).as("500 control and 20 telemetry ticks").isEqualTo(520);
        assertThat(r.state()).contains("robot1/controller/machine/mission: Mission, Charging")
                .contains("robot1/controller/blackboard: ").contains("battery=");
    }

    @Test
    void theCommandLineChecksAndReportsADivergenceOfAChangedTree() throws Exception {
        String[] ok = cli("replay", recording.toString(), "--check");
        assertThat(ok[0]).isEqualTo("0");
        assertThat(ok[1].strip()).startsWith(recording + ": identical: ").contains("1560 ticks").contains("× real time")
                .doesNotContain("\n");

        Path tree = dir.resolve("edited").resolve("patrol.xml");
        Files.createDirectories(tree.getParent());
        String patrol = Files.readString(Path.of("examples/trees/patrol.xml"));
        assertThat(patrol).contains("front_range &lt; 0.4");
        Files.writeString(tree, patrol.replace("front_range &lt; 0.4", "front_range &lt; 0.9"));
        String[] diverged = cli("replay", recording.toString(), "--check", "--with", tree.toString());
        assertThat(diverged[0]).isEqualTo("1");
        assertThat(diverged[1].strip()).contains("diverges on robot1/controller/").contains("at control tick")
                .contains("expected").contains(", got ").doesNotContain("\n");
    }

    @Test
    void badInputGivesOneLineNamingTheFile() throws Exception {
        Path text = dir.resolve("notes.mcap");
        Files.writeString(text, "not a recording\n");
        Path stub = dir.resolve("stub.mcap");
        Files.write(stub, java.util.Arrays.copyOf(Files.readAllBytes(recording), 5));
        Path bare = dir.resolve("bare.mcap");
        new McapWriter(bare, "canopy", "zstd").close();
        Path other = dir.resolve("other.xml");
        Files.writeString(other, "<root/>");

        assertBadInput(cli("replay", text.toString()), text + ": cannot be replayed: not an MCAP file");
        assertBadInput(cli("replay", stub.toString()), stub + ": cannot be replayed: not an MCAP file");
        assertBadInput(cli("replay", bare.toString()), bare + ": has no embedded launch file");
        assertBadInput(cli("replay", dir.resolve("missing.mcap").toString()), "missing.mcap: no such file");
        assertBadInput(cli("replay", recording.toString(), "--with", other.toString()),
                "--with " + other + ": the recording has no file named 'other.xml'; its tree and machine files are: ");
        assertBadInput(cli("replay", recording.toString(), "--until", "soon"), "--until soon: not a duration");
        Path broken = dir.resolve("broken").resolve("patrol.xml");
        Files.createDirectories(broken.getParent());
        Files.writeString(broken, "<root BTCPP_format=\"4\" main_tree_to_execute=\"Patrol\">\n  <BehaviorTree ID=\"Patrol\">\n");
        assertBadInput(cli("replay", recording.toString(), "--with", broken.toString()), broken.toString());
    }

    private static void assertBadInput(String[] got, String line) {
        assertThat(got[0]).as(got[2]).isEqualTo("2");
        assertThat(got[2].strip()).contains(line).doesNotContain("\n").doesNotContain("Exception");
    }

    /** Runs the command line: exit code, stdout, stderr. */
    private static String[] cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream stdout = System.out;
        PrintStream stderr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        int exit;
        try {
            exit = CanopyMain.execute(args);
        } finally {
            System.setOut(stdout);
            System.setErr(stderr);
        }
        return new String[] {String.valueOf(exit), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
    }
}

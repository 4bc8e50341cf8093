package io.canopy.launch.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.InputException;
import io.canopy.launch.run.DemoRecording;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --record-max-size}: 30 s of the demo (a stop and a start command at 8 s and 9 s) recorded with a small
 * maximum size goes into run.mcap, run-001.mcap, run-002.mcap, ...; each file reaches the size before the next
 * starts (its data ends within one message past it), each is a complete MCAP file on its own (footer, schemas,
 * channels, attachments, the same recording id, its index) for our reader and for the official {@code @mcap/core}
 * one; and replay, given the first file, every file, or the continuation files only ({@code run-*.mcap}), replays
 * the whole run, identical with --check. A gap in the files is one line naming the missing one.
 */
class SplitRecordingTest {
    private static final long MAX = 96 * 1024;
    private static final Path PEER = Path.of("src/test/node/mcap-check");

    @TempDir
    static Path dir;
    static Path first;
    static List<Path> files;

    @BeforeAll
    static void record() throws Exception {
        first = dir.resolve("split").resolve("run.mcap");
        Files.createDirectories(first.getParent());
        DemoRecording.record(first, Map.of("battery", "25"), 30, Map.of(8_000_000_000L, "stop", 9_000_000_000L, "start"), MAX);
        try (Stream<Path> s = Files.list(first.getParent())) {
            files = s.sorted().toList();
        }
    }

    /** Where the summary starts (the data section's end), from the footer; the file's length without a summary. */
    private static long dataEnd(Path file) throws Exception {
        byte[] whole = Files.readAllBytes(file);
        int footer = whole.length - 8 - 29;
        long summaryStart = ByteBuffer.wrap(whole, footer + 9, 8).order(ByteOrder.LITTLE_ENDIAN).getLong();
        return summaryStart > 0 ? summaryStart : whole.length;
    }

    @Test
    void rotatesAtTheSizeAndEveryFileIsACompleteRecordingOfItsOwn() throws Exception {
        List<String> names = files.stream().map(p -> p.getFileName().toString()).toList();
        System.out.println("split files: " + names + " sizes " + files.stream().map(p -> p.toFile().length()).toList());
        assertThat(names).hasSizeGreaterThanOrEqualTo(3);
        assertThat(names.get(names.size() - 1)).isEqualTo("run.mcap"); // sorted: run-001, run-002, ..., run.mcap
        for (int i = 1; i < names.size(); i++) {
            assertThat(names.get(i - 1)).isEqualTo(String.format("run-%03d.mcap", i));
        }
        List<Path> ordered = new ArrayList<>();
        ordered.add(first);
        ordered.addAll(files.subList(0, files.size() - 1));
        Set<String> ids = new HashSet<>();
        long messages = 0;
        for (int i = 0; i < ordered.size(); i++) {
            Path f = ordered.get(i);
            BagInfo info = BagInfo.read(f);
            assertThat(info.complete()).as(f + " ends with its footer").isTrue();
            assertThat(info.attachments()).as(f.toString()).contains("patrol.launch.xml", "trees/patrol.xml", "mission.scxml");
            Map<String, String> meta = info.metadata().get("canopy");
            assertThat(meta).containsEntry("file_index", String.valueOf(i)).containsEntry("launch", "patrol.launch.xml");
            ids.add(meta.get("recording"));
            assertThat(info.channels()).as(f + ": every channel it uses is declared in it").allMatch(c -> !c.schema().equals("?"));
            assertThat(info.messageCount()).isPositive();
            messages += info.messageCount();
            long data = dataEnd(f);
            if (i < ordered.size() - 1) {
                assertThat(data).as(f + ": its data reaches the size, and ends within a message past it").isBetween(MAX, MAX + 4096);
            } else {
                assertThat(data).as("the last file").isLessThan(MAX + 4096);
            }
        }
        assertThat(ids).hasSize(1).doesNotContainNull();
        assertThat(messages).as("the messages of 30 s of the demo").isGreaterThan(5000);
        officialRead(ordered);
    }

    /** Each file read by itself with @mcap/core, every message decoded with protobufjs (skipped when not installed). */
    private static void officialRead(List<Path> each) throws Exception {
        boolean installed = Files.isDirectory(PEER.resolve("node_modules/@mcap/core"));
        io.canopy.testkit.Peers.require(installed, "the MCAP peer (@mcap/core) is not installed: run .ci/install.d/mcap-check.sh"
                + " (npm ci in launch/src/test/node/mcap-check)");
        List<String> cmd = new ArrayList<>(List.of("node", "read-recording.mjs"));
        each.forEach(p -> cmd.add(p.toAbsolutePath().toString()));
        Process p = new ProcessBuilder(cmd).directory(PEER.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        System.out.println(out);
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out).contains(each.size() + " files: " + each.size() + " complete, 0 failed");
    }

    @Test
    void theFirstFileReplaysTheWholeRunIdentically() {
        Replay.Result r = Replay.run(first, new Replay.Options(List.of(), -1, true));
        System.out.println("replay --check of the split run: " + r.summary(true));
        assertThat(r.divergence()).as(r.divergence() == null ? "" : r.divergence().line()).isNull();
        assertThat(r.files()).hasSize(files.size()).startsWith(first);
        assertThat(r.ticks()).as("1500 control + 60 telemetry ticks: every file").isBetween(1555L, 1561L);
        assertThat(r.nodeNs()).isBetween(29_900_000_000L, 30_000_000_000L);
        assertThat(r.summary(true)).contains(files.size() + " files (run.mcap to run-");

        Replay.Result continuations = Replay.run(files.subList(0, files.size() - 1), new Replay.Options(List.of(), -1, true));
        assertThat(continuations.divergence()).isNull();
        assertThat(continuations.files()).as("run-*.mcap: the first file is found next to them").isEqualTo(r.files());
        assertThat(continuations.compared()).isEqualTo(r.compared());
        assertThat(continuations.ticks()).isEqualTo(r.ticks());

        List<Path> all = new ArrayList<>(files);
        java.util.Collections.reverse(all); // any order, the first file twice
        all.add(first);
        Replay.Result every = Replay.run(all, new Replay.Options(List.of(), -1, true));
        assertThat(every.divergence()).isNull();
        assertThat(every.compared()).isEqualTo(r.compared());
    }

    @Test
    void untilStopsInALaterFile() {
        Replay.Result r = Replay.run(first, new Replay.Options(List.of(), 20_000_000_000L, true));
        assertThat(r.divergence()).isNull();
        assertThat(r.ticks()).as("1000 control and 40 telemetry ticks").isEqualTo(1040);
    }

    @Test
    void aMaximumSizeBelowWhatEachFileRepeatsIsOneLine() {
        Path file = dir.resolve("small").resolve("run.mcap");
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        java.io.PrintStream stderr = System.err;
        System.setErr(new java.io.PrintStream(err, true, StandardCharsets.UTF_8));
        int exit;
        try {
            exit = io.canopy.launch.cli.CanopyMain.execute("run", "examples/patrol.launch.xml", "--duration", "1s",
                    "--record", file.toString(), "--record-max-size", "10k");
        } finally {
            System.setErr(stderr);
        }
        String text = err.toString(StandardCharsets.UTF_8);
        assertThat(exit).as(text).isEqualTo(2);
        assertThat(text.strip()).contains("--record-max-size 10k: below 64k").doesNotContain("\n").doesNotContain("Exception");
        assertThat(file).doesNotExist();
    }

    @Test
    void aMissingFileInTheMiddleIsOneLine() throws Exception {
        Path gap = dir.resolve("gap");
        Files.createDirectories(gap);
        for (Path f : files) {
            if (!f.getFileName().toString().equals("run-001.mcap")) {
                Files.copy(f, gap.resolve(f.getFileName()));
            }
        }
        assertThatThrownBy(() -> Replay.run(gap.resolve("run.mcap"), new Replay.Options(List.of(), -1, true)))
                .isInstanceOf(InputException.class).hasMessageContaining("run-001.mcap) is missing").hasMessageNotContaining("\n");
        Path alone = dir.resolve("alone");
        Files.createDirectories(alone);
        Files.copy(files.get(1), alone.resolve("run-002.mcap"));
        assertThatThrownBy(() -> Replay.run(alone.resolve("run-002.mcap"), new Replay.Options(List.of(), -1, true)))
                .isInstanceOf(InputException.class).hasMessageContaining("is continuation file 2 of a recording split by")
                .hasMessageContaining("its first file (" + alone.resolve("run.mcap") + ") is not there");
    }
}

package io.canopy.launch.record;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.Descriptors.FileDescriptor;
import io.canopy.proto.Envelope;
import io.canopy.proto.Event;
import io.canopy.proto.MotorCommand;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MCAP writer (the base of canopy run --record, issue #17) against the official reader: a file with
 * protobuf schemas (FileDescriptorSets), two channels, zstd chunks, an attachment and the summary is read by
 * {@code @mcap/core} with CRC checks, and every message decodes with protobufjs from the schema embedded in the
 * file; the same file cut short in its last chunk (a kill -9) still reads up to its last whole chunk. Our own
 * reader agrees. The Node peer is installed by .ci/install.d/mcap-check.sh; with CI=true the test fails when it
 * is missing.
 */
class McapOfficialReaderTest {
    private static final Path PEER = Path.of("src/test/node/mcap-check");

    @TempDir
    Path dir;

    static byte[] descriptorSet(FileDescriptor file) {
        FileDescriptorSet.Builder set = FileDescriptorSet.newBuilder();
        Set<FileDescriptor> seen = new LinkedHashSet<>();
        add(file, seen);
        seen.forEach(f -> set.addFile(f.toProto()));
        return set.build().toByteArray();
    }

    private static void add(FileDescriptor f, Set<FileDescriptor> seen) {
        for (FileDescriptor d : f.getDependencies()) {
            add(d, seen);
        }
        seen.add(f);
    }

    private JsonObject officialRead(Path file) throws Exception {
        boolean installed = Files.isDirectory(PEER.resolve("node_modules/@mcap/core"));
        io.canopy.testkit.Peers.require(installed, "the MCAP peer (@mcap/core) is not installed: run .ci/install.d/mcap-check.sh"
                + " (npm ci in launch/src/test/node/mcap-check)");
        Process p = new ProcessBuilder("node", "read.mjs", file.toAbsolutePath().toString()).directory(PEER.toFile())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return JsonParser.parseString(out).getAsJsonObject();
    }

    private static Path write(Path file, int events, boolean close) throws Exception {
        McapWriter w = new McapWriter(file, "canopy", "zstd");
        int schema = w.schema("canopy.v1.Envelope", "protobuf", descriptorSet(Envelope.getDescriptor().getFile()));
        int cmd = w.channel(schema, "robot1/cmd/stop", "protobuf", Map.of("direction", "in"));
        int motor = w.channel(schema, "serial:base/out", "protobuf", Map.of("direction", "out"));
        for (int i = 0; i < events; i++) {
            byte[] e = Envelope.newBuilder().setSource("operator").setMessageId(i + 1)
                    .setEvent(Event.newBuilder().setName("stop")).build().toByteArray();
            w.message(cmd, i, 1_000_000L * i, 1_000_000L * i, e, 0, e.length);
            byte[] m = Envelope.newBuilder().setMotorCommand(MotorCommand.newBuilder().setMotorId(i % 2)).build().toByteArray();
            w.message(motor, i, 1_000_000L * i + 1, 1_000_000L * i + 1, m, 0, m.length);
            if (i % 40 == 39) {
                w.flushChunk(); // a chunk a second, as the recorder does
            }
        }
        w.attachment("patrol.launch.xml", "application/xml", 0, "<launch/>".getBytes(StandardCharsets.UTF_8));
        if (close) {
            w.close();
        } else {
            w.flushChunk();
        }
        return file;
    }

    @Test
    void theOfficialReaderReadsEveryChannelAndDecodesEveryMessage() throws Exception {
        Path file = write(dir.resolve("run.mcap"), 100, true);
        JsonObject r = officialRead(file);
        assertThat(r.getAsJsonObject("header").get("profile").getAsString()).isEqualTo("canopy");
        assertThat(r.get("footer").getAsBoolean()).isTrue();
        assertThat(r.getAsJsonObject("counts").get("robot1/cmd/stop").getAsInt()).isEqualTo(100);
        assertThat(r.getAsJsonObject("counts").get("serial:base/out").getAsInt()).isEqualTo(100);
        JsonArray cmds = r.getAsJsonObject("decoded").getAsJsonArray("robot1/cmd/stop");
        JsonObject first = cmds.get(7).getAsJsonObject();
        assertThat(first.get("logTime").getAsString()).isEqualTo("7000000");
        assertThat(first.getAsJsonObject("message").getAsJsonObject("event").get("name").getAsString()).isEqualTo("stop");
        assertThat(first.getAsJsonObject("message").get("message_id").getAsString()).isEqualTo("8");
        JsonObject motor = r.getAsJsonObject("decoded").getAsJsonArray("serial:base/out").get(3).getAsJsonObject();
        assertThat(motor.getAsJsonObject("message").getAsJsonObject("motor_command").get("motor_id").getAsInt()).isEqualTo(1);
        assertThat(r.getAsJsonArray("attachments").get(0).getAsJsonObject().get("name").getAsString())
                .isEqualTo("patrol.launch.xml");

        List<String> ours = new ArrayList<>();
        McapReader.Result result = McapReader.read(file, new McapReader.Visitor() {
            @Override
            public void message(int channel, long sequence, long logTime, long publishTime, byte[] data) {
                ours.add(channel + ":" + sequence);
            }
        });
        assertThat(result.complete()).isTrue();
        assertThat(ours).hasSize(200).startsWith("0:0", "1:0", "0:1");
    }

    @Test
    void aFileCutShortInItsLastChunkReadsUpToTheChunkBefore() throws Exception {
        Path whole = write(dir.resolve("whole.mcap"), 100, false); // no summary, no footer: as after a kill -9
        byte[] bytes = Files.readAllBytes(whole);
        // cut 20 bytes into the last chunk record (op 0x06), as a kill -9 while it was being written would
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        int lastChunk = -1;
        for (int at = 8; at + 9 <= bytes.length; at += 9 + (int) b.getLong(at + 1)) {
            if (bytes[at] == 0x06) {
                lastChunk = at;
            }
        }
        assertThat(lastChunk).isPositive();
        Path cut = Files.write(dir.resolve("cut.mcap"), java.util.Arrays.copyOf(bytes, lastChunk + 20));
        JsonObject r = officialRead(whole);
        assertThat(r.get("footer").getAsBoolean()).isFalse();
        assertThat(r.getAsJsonObject("counts").get("robot1/cmd/stop").getAsInt()).as("every flushed chunk").isEqualTo(100);
        List<Long> times = new ArrayList<>();
        McapReader.Result result = McapReader.read(cut, new McapReader.Visitor() {
            @Override
            public void message(int channel, long sequence, long logTime, long publishTime, byte[] data) {
                if (channel == 0) {
                    times.add(logTime);
                }
            }
        });
        assertThat(result.complete()).isFalse();
        assertThat(result.problem()).contains("cut short");
        JsonObject cutOfficial = officialRead(cut);
        assertThat(cutOfficial.getAsJsonObject("counts").get("robot1/cmd/stop").getAsInt()).isEqualTo(80);
        assertThat(cutOfficial.get("done").getAsBoolean()).as("the official reader sees the file end mid-record").isFalse();
        assertThat(times).as("the chunks before the cut: 2 of 40 messages each").hasSize(80);
    }
}

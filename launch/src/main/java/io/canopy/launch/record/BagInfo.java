package io.canopy.launch.record;

import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What an MCAP recording holds ({@code canopy bag info}): its channels with schema, message count, first and last
 * time and rate; its attachments and metadata; whether it ended cleanly or was cut short (then read up to the cut).
 */
public record BagInfo(Path file, List<Channel> channels, List<String> attachments, Map<String, Map<String, String>> metadata,
        boolean complete, String problem, DeviceCounts devices) {

    /** One channel: topic, schema name, count, first and last log time (ns). */
    public record Channel(int id, String topic, String schema, long count, long firstNs, long lastNs) {
        /** Messages per second over the channel's span (0 with fewer than two). */
        public double rateHz() {
            return count < 2 || lastNs == firstNs ? 0 : (count - 1) * 1e9 / (lastNs - firstNs);
        }
    }

    public static BagInfo read(Path file) throws IOException {
        Map<Integer, String> schemaNames = new LinkedHashMap<>();
        Map<Integer, long[]> stats = new LinkedHashMap<>();
        Map<Integer, String[]> chans = new LinkedHashMap<>();
        List<String> attachments = new ArrayList<>();
        Map<String, Map<String, String>> metadata = new LinkedHashMap<>();
        DeviceCounts devices = new DeviceCounts();
        McapReader.Result r = McapReader.read(file, new McapReader.Visitor() {
            @Override
            public void schema(int id, String name, String encoding, byte[] data) {
                schemaNames.put(id, name);
            }

            @Override
            public void channel(int id, int schemaId, String topic, String encoding, Map<String, String> md) {
                chans.put(id, new String[] {topic, schemaNames.getOrDefault(schemaId, "?")});
                stats.put(id, new long[] {0, Long.MAX_VALUE, Long.MIN_VALUE});
            }

            @Override
            public void message(int channel, long sequence, long logTime, long publishTime, byte[] data) {
                long[] s = stats.get(channel);
                if (s != null) {
                    s[0]++;
                    s[1] = Math.min(s[1], logTime);
                    s[2] = Math.max(s[2], logTime);
                    if (chans.get(channel)[1].equals("canopy.record.v1.DeviceFrame")) {
                        devices.add(chans.get(channel)[0], data);
                    }
                }
            }

            @Override
            public void attachment(String name, String mediaType, long logTime, byte[] data) {
                attachments.add(name);
            }

            @Override
            public void metadata(String name, Map<String, String> values) {
                metadata.put(name, values);
            }
        });
        List<Channel> out = new ArrayList<>();
        chans.forEach((id, c) -> {
            long[] s = stats.get(id);
            out.add(new Channel(id, c[0], c[1], s[0], s[0] == 0 ? 0 : s[1], s[0] == 0 ? 0 : s[2]));
        });
        return new BagInfo(file, out, attachments, metadata, r.complete(), r.problem(), devices);
    }

    /** One message of a recording, as {@link #messages} hands it out. */
    public interface MessageVisitor {
        void message(String topic, String schema, long logTimeNs, byte[] data);
    }

    /** Every message of {@code file} in file order (a file cut short: up to the cut). */
    public static void messages(Path file, MessageVisitor visitor) throws IOException {
        Map<Integer, String> schemaNames = new LinkedHashMap<>();
        Map<Integer, String[]> chans = new LinkedHashMap<>();
        McapReader.read(file, new McapReader.Visitor() {
            @Override
            public void schema(int id, String name, String encoding, byte[] data) {
                schemaNames.put(id, name);
            }

            @Override
            public void channel(int id, int schemaId, String topic, String encoding, Map<String, String> md) {
                chans.put(id, new String[] {topic, schemaNames.getOrDefault(schemaId, "?")});
            }

            @Override
            public void message(int channel, long sequence, long logTime, long publishTime, byte[] data) {
                String[] c = chans.get(channel);
                if (c != null) {
                    visitor.message(c[0], c[1], logTime, data);
                }
            }
        });
    }

    /** A recording's own message ({@code canopy.record.v1.*}) decoded, or null for another schema. */
    public static Message decodeRecord(String schema, byte[] data) throws IOException {
        if (!schema.startsWith("canopy.record.v1.")) {
            return null;
        }
        return DynamicMessage.parseFrom(RecordSchemas.type(schema.substring("canopy.record.v1.".length())), data);
    }

    /**
     * A device link's recorded message as lines: each MAVLink frame decoded ({@code in HEARTBEAT {...} from 1/1 seq 3}),
     * or the link's loss and return; null for any other schema.
     */
    public static List<String> deviceLines(String schema, byte[] data) throws IOException {
        if (!schema.equals("canopy.record.v1.DeviceFrame")) {
            return null;
        }
        String text = RecordedText.device(decodeRecord(schema, data));
        return List.of(text.substring(1, text.length() - 1).split("; "));
    }

    public long messageCount() {
        return channels.stream().mapToLong(Channel::count).sum();
    }

    /** Seconds from the first to the last message. */
    public double durationS() {
        long first = channels.stream().filter(c -> c.count() > 0).mapToLong(Channel::firstNs).min().orElse(0);
        long last = channels.stream().filter(c -> c.count() > 0).mapToLong(Channel::lastNs).max().orElse(0);
        return (last - first) / 1e9;
    }

    public void print(PrintWriter out) {
        out.printf("file:        %s%n", file);
        if (!complete) { // a crash or kill -9 while recording: no summary, no footer; everything before the cut is read
            out.printf("truncated:   %s; the counts below are what it holds up to there%n", problem);
        }
        String part = metadata.getOrDefault("canopy", Map.of()).getOrDefault("file_index", "0");
        if (!"0".equals(part)) {
            out.printf("part:        file %s of a recording split by --record-max-size%n", part);
        }
        out.printf("messages:    %d in %.3f s%n", messageCount(), durationS());
        out.printf("attachments: %s%n", String.join(", ", attachments));
        out.printf("channels:    %d%n", channels.size());
        for (Channel c : channels) {
            out.printf("  %-48s %-34s %8d msgs %9.2f Hz%n", c.topic(), c.schema(), c.count(), c.rateHz());
        }
        if (!devices.isEmpty()) {
            devices.print(out);
        }
        out.flush();
    }
}

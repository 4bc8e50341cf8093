package io.canopy.launch.record;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import io.canopy.launch.run.NodeControl;
import io.canopy.proto.Envelope;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Rewrites a recording as Canopy wrote it before the MQTT channels: every message on an {@code in/mqtt/<topic>}
 * channel becomes a {@code canopy.record.v1.Input} on the node's {@code in/events} channel (route key, kind, stamp,
 * value, data, derived_before), in the same place in the file; everything else is copied as it is.
 */
final class OlderRecording {
    private OlderRecording() {}

    /** Returns how many MQTT messages it moved to in/events. */
    static int write(Path from, Path to) throws IOException {
        return write(from, to, false);
    }

    /** With {@code drop}: leaves the MQTT messages out instead (a recording without the commands). */
    static int write(Path from, Path to, boolean drop) throws IOException {
        McapWriter w = new McapWriter(to, "canopy", "zstd");
        Map<Integer, Integer> schemas = new HashMap<>();
        Map<Integer, Integer> channels = new HashMap<>();
        Map<Integer, MqttInput> mqtt = new HashMap<>();
        Map<Integer, String> topics = new HashMap<>();
        Map<String, Integer> events = new HashMap<>();
        int[] moved = {0};
        long[] offset = {Long.MIN_VALUE};
        int[] inChunk = {0};
        McapReader.read(from, new McapReader.Visitor() {
            @Override
            public void schema(int id, String name, String encoding, byte[] data) {
                schemas.put(id, io(() -> w.schema(name, encoding, data)));
            }

            @Override
            public void channel(int id, int schemaId, String topic, String encoding, Map<String, String> metadata) {
                topics.put(id, topic);
                MqttInput in = MqttInput.of(metadata);
                if (in != null) {
                    mqtt.put(id, in);
                } else {
                    channels.put(id, io(() -> w.channel(schemas.get(schemaId), topic, encoding, metadata)));
                }
            }

            @Override
            public void message(int channel, long sequence, long logTime, long publishTime, byte[] data) {
                String topic = topics.get(channel);
                if (offset[0] == Long.MIN_VALUE && topic.contains("/timer/")) {
                    offset[0] = logTime - num(parse("Tick", data), "now_ns");
                }
                MqttInput in = mqtt.get(channel);
                int ch;
                if (in != null) {
                    if (drop) {
                        return;
                    }
                    String node = topic.substring(0, topic.indexOf("/" + MqttInput.CHANNEL));
                    ch = events.computeIfAbsent(node, n -> io(() -> w.channel(
                            io(() -> w.schema("canopy.record.v1.Input", "protobuf", RecordSchemas.recordSet())),
                            n + "/in/events", "protobuf", Map.of())));
                    data = input(in, logTime - offset[0], sequence, data);
                    sequence = 0;
                    moved[0]++;
                } else {
                    ch = channels.get(channel);
                }
                w.message(ch, (int) sequence, logTime, publishTime, data, 0, data.length);
                if (++inChunk[0] % 500 == 0) {
                    io(() -> {
                        w.flushChunk();
                        return 0;
                    });
                }
            }

            @Override
            public void attachment(String name, String mediaType, long logTime, byte[] data) {
                io(() -> {
                    w.attachment(name, mediaType, logTime, data);
                    return 0;
                });
            }

            @Override
            public void metadata(String name, Map<String, String> values) {
                io(() -> {
                    w.metadata(name, values);
                    return 0;
                });
            }
        });
        w.close();
        return moved[0];
    }

    /** The Input the recorder wrote for an MQTT command before: as RecordSession writes one to in/events. */
    private static byte[] input(MqttInput in, long stampNs, long derivedBefore, byte[] envelope) {
        try {
            MqttInput.Decoded d = in.decode(Envelope.parseFrom(envelope));
            Descriptor t = RecordSchemas.type("Input");
            DynamicMessage.Builder b = DynamicMessage.newBuilder(t).setField(t.findFieldByName("name"), in.key())
                    .setField(t.findFieldByName("kind"), "COMMAND").setField(t.findFieldByName("stamp_ns"), stampNs)
                    .setField(t.findFieldByName("value"), d.value()).setField(t.findFieldByName("derived_before"), derivedBefore);
            Message m = NodeControl.messageOf(d.data());
            if (m != null) {
                b.setField(t.findFieldByName("data_kind"), "message").setField(t.findFieldByName("message"), RecordSession.wrap(m));
            } else if (d.data() != null) {
                b.setField(t.findFieldByName("data_kind"), "text").setField(t.findFieldByName("text"), d.data().toString());
            }
            return b.build().toByteArray();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static DynamicMessage parse(String type, byte[] data) {
        try {
            return DynamicMessage.parseFrom(RecordSchemas.type(type), data);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static long num(DynamicMessage d, String field) {
        return ((Number) d.getField(d.getDescriptorForType().findFieldByName(field))).longValue();
    }

    private interface IoCall {
        int call() throws IOException;
    }

    private static int io(IoCall c) {
        try {
            return c.call();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}

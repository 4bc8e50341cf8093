package io.canopy.launch.cli.topic;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Struct;
import com.google.protobuf.Value;
import com.google.protobuf.util.JsonFormat;
import io.canopy.launch.report.NodeInfo;
import io.canopy.messaging.MqttNode;
import io.canopy.messaging.Qos;
import io.canopy.messaging.Subscription;
import io.canopy.proto.Envelope;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a monitoring command sees on a broker within a short window: every topic that carried a message
 * (retained ones arrive at once), with the type of its last message, and the nodes' retained
 * {@code <node>/info} entries (their type registry) and {@code <node>/state}s. {@code canopy topic list},
 * {@code topic info}, {@code node list} and {@code node info} read it.
 */
public final class GraphSnapshot {
    /** A node's registry entry and state. */
    public record NodeEntry(String path, Struct info, String state) {
        public List<Struct> list(String key) {
            List<Struct> out = new ArrayList<>();
            if (info != null && info.containsFields(key)) {
                for (Value v : info.getFieldsOrThrow(key).getListValue().getValuesList()) {
                    out.add(v.getStructValue());
                }
            }
            return out;
        }
    }

    /** Topic -> type of the last message seen ("text" for payloads that are not Envelopes). */
    final Map<String, String> seen = new TreeMap<>();
    public final Map<String, NodeEntry> nodes = new TreeMap<>();

    /** Listens on {@code #} for {@code windowNs} and returns what came. */
    public static GraphSnapshot take(MqttNode client, long windowNs) throws InterruptedException {
        GraphSnapshot g = new GraphSnapshot();
        Map<String, Struct> infos = new TreeMap<>();
        Map<String, String> states = new TreeMap<>();
        Subscription sub = client.newRawSubscriber("/#", Qos.AT_LEAST_ONCE, (topic, payload, retained) -> {
            String type = typeOf(payload);
            Struct info = null;
            if (topic.endsWith("/" + NodeInfo.TOPIC) && type.equals("Event")) {
                info = info(payload);
            }
            synchronized (g) {
                g.seen.put(topic, type);
                if (info != null) {
                    infos.put(topic.substring(0, topic.length() - NodeInfo.TOPIC.length() - 1), info);
                }
                if (topic.endsWith("/state") && type.equals("text")) {
                    states.put(topic.substring(0, topic.length() - "/state".length()),
                            new String(payload, StandardCharsets.UTF_8).strip());
                }
            }
        });
        sub.awaitSubscribed(5_000); // the window starts once the broker has the subscription, not when it was asked for
        Thread.sleep(Math.max(1, windowNs / 1_000_000));
        sub.close();
        synchronized (g) {
            for (Map.Entry<String, Struct> e : infos.entrySet()) {
                g.nodes.put(e.getKey(), new NodeEntry(e.getKey(), e.getValue(), states.getOrDefault(e.getKey(), "unknown")));
            }
            for (Map.Entry<String, String> e : states.entrySet()) {
                g.nodes.putIfAbsent(e.getKey(), new NodeEntry(e.getKey(), null, e.getValue()));
            }
        }
        return g;
    }

    /**
     * Every topic: seen on the broker or declared by a node's registry (published, or subscribed to without
     * wildcards, as ros2 topic list shows topics that only have subscribers), with its type.
     */
    public Map<String, String> topics() {
        Map<String, String> out = new TreeMap<>();
        for (NodeEntry n : nodes.values()) {
            for (Struct p : n.list("subscribes")) {
                String topic = p.getFieldsOrThrow("topic").getStringValue();
                if (!topic.contains("+") && !topic.contains("#")) {
                    out.putIfAbsent(topic, p.getFieldsOrThrow("type").getStringValue());
                }
            }
        }
        for (NodeEntry n : nodes.values()) {
            for (Struct p : n.list("publishes")) {
                out.put(p.getFieldsOrThrow("topic").getStringValue(), p.getFieldsOrThrow("type").getStringValue());
            }
        }
        seen.forEach((topic, type) -> out.merge(topic, type, (declared, last) -> declared.equals("Envelope") ? last : declared));
        return out;
    }

    /** The body type of a payload: the Envelope's body field's message name, or "text". */
    public static String typeOf(byte[] payload) {
        try {
            Envelope env = Envelope.parseFrom(payload);
            if (!env.getUnknownFields().asMap().isEmpty()) {
                return "text";
            }
            var field = env.getOneofFieldDescriptor(Envelope.getDescriptor().getOneofs().get(0));
            if (field == null) {
                return payload.length == 0 ? "Envelope" : "text";
            }
            return field.getMessageType().getName();
        } catch (InvalidProtocolBufferException e) {
            return "text";
        }
    }

    private static Struct info(byte[] payload) {
        try {
            Envelope env = Envelope.parseFrom(payload);
            if (!env.getEvent().getName().equals(NodeInfo.EVENT)) {
                return null;
            }
            Struct.Builder b = Struct.newBuilder();
            JsonFormat.parser().merge(env.getEvent().getPayload().toStringUtf8(), b);
            return b.build();
        } catch (InvalidProtocolBufferException e) {
            return null;
        }
    }

    /** Does MQTT filter {@code filter} match {@code topic}? */
    public static boolean matches(String filter, String topic) {
        String[] f = filter.split("/", -1);
        String[] t = topic.split("/", -1);
        for (int i = 0; i < f.length; i++) {
            if (f[i].equals("#")) {
                return true;
            }
            if (i >= t.length || !(f[i].equals("+") || f[i].equals(t[i]))) {
                return false;
            }
        }
        return f.length == t.length;
    }
}

package io.canopy.launch.record;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import io.canopy.launch.plan.BindPlan;
import io.canopy.launch.plan.Endpoint;
import io.canopy.launch.run.NodeControl;
import io.canopy.launch.run.NodeView;
import io.canopy.proto.Envelope;
import io.canopy.proto.Event;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One {@code <bind from="mqtt:...">} of a node as the recording sees it: the inbox events the MQTT client's callback
 * makes from that subscription are recorded as {@code canopy.v1.Envelope}s on a channel of their own,
 * {@code in/mqtt/<topic>}, and replay turns each Envelope back into the same inbox event. The channel's metadata
 * says how ({@code bind}, {@code mqtt_topic}, {@code to}, {@code payload}), so a recording replays without the launch
 * file's help. The rules are the MQTT client callbacks' (launch/run/Wiring): a text payload, or an event's payload
 * into a blackboard entry, is a number (the event's value) or else a text (its data); any other message is the
 * event's data, an event's payload number its value.
 *
 * @param key   the route's inbox key ({@code bind#0 mqtt:cmd/stop -> event:stop})
 * @param topic the MQTT topic (the subscription filter) as resolved for the node ({@code robot1/cmd/stop})
 * @param to    where the bind goes ({@code event:stop}, {@code blackboard:speed})
 * @param text  {@code payload="text"}: the MQTT payload is plain text, not an Envelope
 */
record MqttInput(String key, String topic, String to, boolean text) {
    static final String CHANNEL = "in/mqtt/";

    /** The inbox event fields replay puts back: value and data (a body message, a text, or null). */
    record Decoded(double value, Object data) {}

    /** The node's MQTT-in binds by route key. */
    static Map<String, MqttInput> of(NodeView node) {
        Map<String, MqttInput> out = new LinkedHashMap<>();
        List<NodeView.Route> routes = node.routes();
        for (int i = 0; i < routes.size(); i++) {
            NodeView.Route r = routes.get(i);
            BindPlan p = node.plan().binds().get(i);
            if (r.fromMqtt() && p.from() instanceof Endpoint.Mqtt m) {
                out.put(r.key(), new MqttInput(r.key(), m.topic(), r.to(), p.textPayload()));
            }
        }
        return out;
    }

    /** Read back from a channel's metadata (null when the channel is not one of these). */
    static MqttInput of(Map<String, String> channelMetadata) {
        String key = channelMetadata.get("bind");
        String topic = channelMetadata.get("mqtt_topic");
        if (key == null || topic == null) {
            return null;
        }
        return new MqttInput(key, topic, channelMetadata.getOrDefault("to", ""), "text".equals(channelMetadata.get("payload")));
    }

    String channel() {
        return CHANNEL + topic;
    }

    Map<String, String> metadata() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("bind", key);
        m.put("mqtt_topic", topic);
        m.put("to", to);
        m.put("payload", text ? "text" : "protobuf");
        return m;
    }

    private boolean toBlackboard() {
        return to.startsWith("blackboard:");
    }

    /**
     * The Envelope to record for an inbox event with this value and data, or null when it would not replay as the
     * very same event (then the event goes to {@code in/events} with every field).
     */
    Envelope encode(double value, Object data) {
        Envelope e;
        Message m = NodeControl.messageOf(data);
        if (m != null) {
            e = RecordSession.wrap(m);
            if (e.equals(Envelope.getDefaultInstance()) && !(m instanceof Envelope)) {
                return null; // a body type the Envelope has no field for
            }
        } else if (data instanceof String s) {
            e = event(s);
        } else if (data == null) {
            e = event(number(value));
        } else {
            return null;
        }
        Decoded back = decode(e);
        boolean same = Double.doubleToLongBits(back.value()) == Double.doubleToLongBits(value) && sameData(back.data(), data);
        return same ? e : null;
    }

    /** The value and data of the inbox event the node made of {@code e}. */
    Decoded decode(Envelope e) {
        if (text || (toBlackboard() && e.hasEvent())) {
            String s = e.getEvent().getPayload().toString(StandardCharsets.UTF_8).strip();
            try {
                return new Decoded(Double.parseDouble(s), null);
            } catch (NumberFormatException x) {
                return new Decoded(0, s);
            }
        }
        double value = 0;
        if (e.hasEvent()) {
            String s = e.getEvent().getPayload().toString(StandardCharsets.UTF_8).strip();
            try {
                value = s.isEmpty() ? 0 : Double.parseDouble(s);
            } catch (NumberFormatException x) {
                value = 0;
            }
        }
        return new Decoded(value, NodeControl.messageData(body(e)));
    }

    private static Envelope event(String payload) {
        return Envelope.newBuilder().setEvent(Event.newBuilder()
                .setPayload(ByteString.copyFrom(payload, StandardCharsets.UTF_8))).build();
    }

    /** A number as its shortest text that parses back to it: 5 rather than 5.0. */
    private static String number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15 && Double.doubleToLongBits(v) != Double.doubleToLongBits(-0.0)) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }

    private static Message body(Envelope e) {
        FieldDescriptor f = Envelope.getDescriptor().findFieldByNumber(e.getBodyCase().getNumber());
        return f == null ? e : (Message) e.getField(f);
    }

    private static boolean sameData(Object a, Object b) {
        Message ma = NodeControl.messageOf(a);
        Message mb = NodeControl.messageOf(b);
        if (ma != null || mb != null) {
            return ma != null && ma.equals(mb);
        }
        return Objects.equals(a, b);
    }
}

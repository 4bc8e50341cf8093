package io.canopy.launch.cli.topic;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.ListValue;
import com.google.protobuf.Message;
import com.google.protobuf.Struct;
import com.google.protobuf.TextFormat;
import com.google.protobuf.Value;
import com.google.protobuf.util.JsonFormat;
import io.canopy.proto.Envelope;
import io.canopy.proto.Event;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

/**
 * How {@code canopy topic echo} prints one message: the default line ({@link EchoCommand#format}), one JSON
 * object ({@code --json}), or one field of the body ({@code --field PATH}: names separated by '.', a number
 * indexes a repeated field; proto names such as {@code active_states} or JSON names such as {@code activeStates}).
 */
final class MessageView {
    private final boolean json;
    private final String[] path;

    MessageView(boolean json, String field) {
        this.json = json;
        this.path = field == null || field.isBlank() ? null : field.strip().split("\\.");
    }

    /** The line to print, or null to skip the message (no body, or not an Envelope, with --field). */
    String line(String topic, byte[] payload, boolean retained) {
        if (!json && path == null) {
            return EchoCommand.format(topic, payload, retained);
        }
        String type = GraphSnapshot.typeOf(payload);
        Envelope env = null;
        if (!type.equals("text")) {
            try {
                env = Envelope.parseFrom(payload);
            } catch (InvalidProtocolBufferException e) {
                type = "text";
            }
        }
        Message body = env == null ? null : body(env);
        if (path != null) {
            if (body == null) {
                return null;
            }
            Object value = walk(body);
            if (value instanceof String miss && miss.startsWith("\u0000")) {
                return topic + ": " + miss.substring(1);
            }
            return json ? print(toValue(value)) : text(value);
        }
        Struct.Builder s = Struct.newBuilder().putFields("topic", str(topic))
                .putFields("retained", Value.newBuilder().setBoolValue(retained).build()).putFields("type", str(type));
        if (env == null) {
            s.putFields("text", str(new String(payload, StandardCharsets.UTF_8)));
        } else {
            if (env.getStampNs() != 0) {
                s.putFields("stamp", str(Instant.ofEpochSecond(0, env.getStampNs()).toString()));
            }
            if (!env.getSource().isEmpty()) {
                s.putFields("source", str(env.getSource()));
            }
            if (body != null) {
                s.putFields("body", toValue(body));
            }
        }
        return print(Value.newBuilder().setStructValue(s).build());
    }

    private static Message body(Envelope env) {
        FieldDescriptor f = env.getOneofFieldDescriptor(Envelope.getDescriptor().getOneofs().get(0));
        return f == null ? null : (Message) env.getField(f);
    }

    /** The value at the path: a Message, a List, a scalar; or "\0why" when the path does not fit. */
    private Object walk(Message body) {
        Object at = body;
        for (String part : path) {
            if (at instanceof ByteString bytes) { // an event payload holding JSON: walk into it
                Value v = payloadValue(bytes);
                at = v.hasStructValue() || v.hasListValue() ? v : at;
            }
            if (at instanceof Value v && v.hasListValue()) {
                at = v.getListValue().getValuesList();
            }
            if (at instanceof Value v && v.hasStructValue()) {
                Value next = v.getStructValue().getFieldsMap().get(part);
                if (next == null) {
                    return "\u0000--field: no '" + part + "' in " + print(v).substring(0, Math.min(60, print(v).length()))
                            + "...; its keys are " + String.join(", ", v.getStructValue().getFieldsMap().keySet());
                }
                at = next;
                continue;
            }
            if (at instanceof List<?> list) {
                int i;
                try {
                    i = Integer.parseInt(part);
                } catch (NumberFormatException e) {
                    return "\u0000--field: '" + part + "' indexes a list; give a number from 0 to " + (list.size() - 1);
                }
                if (i < 0 || i >= list.size()) {
                    return "\u0000--field: index " + i + " is past the list's " + list.size() + " element(s)";
                }
                at = list.get(i);
            } else if (at instanceof Message m) {
                FieldDescriptor f = m.getDescriptorForType().findFieldByName(part);
                if (f == null) {
                    f = m.getDescriptorForType().getFields().stream().filter(x -> x.getJsonName().equals(part)).findFirst()
                            .orElse(null);
                }
                if (f == null) {
                    return "\u0000--field: " + m.getDescriptorForType().getName() + " has no field '" + part + "'; its fields are "
                            + String.join(", ", m.getDescriptorForType().getFields().stream().map(FieldDescriptor::getName).toList());
                }
                at = m.getField(f);
            } else {
                return "\u0000--field: '" + part + "' goes past a value (" + at + ")";
            }
        }
        return at;
    }

    private static String text(Object v) {
        if (v instanceof Value val) {
            return val.hasStringValue() ? val.getStringValue() : val.hasNumberValue() ? number(val.getNumberValue()) : print(val);
        }
        if (v instanceof Message m) {
            return TextFormat.printer().shortDebugString(m);
        }
        if (v instanceof ByteString b) {
            return b.toStringUtf8();
        }
        if (v instanceof Descriptors.EnumValueDescriptor e) {
            return e.getName();
        }
        if (v instanceof List<?> l) {
            return String.join(" ", l.stream().map(MessageView::text).toList());
        }
        return String.valueOf(v);
    }

    private static String number(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
    }

    private static Value toValue(Object v) {
        if (v instanceof Value val) {
            return val;
        }
        try {
            if (v instanceof Event e) { // the payload as text (or JSON), not base64
                Struct.Builder s = Struct.newBuilder().putFields("name", str(e.getName()));
                if (!e.getPayload().isEmpty()) {
                    s.putFields("payload", payloadValue(e.getPayload()));
                }
                return Value.newBuilder().setStructValue(s).build();
            }
            if (v instanceof Message m) {
                Value.Builder b = Value.newBuilder();
                JsonFormat.parser().merge(JsonFormat.printer().omittingInsignificantWhitespace().print(m), b);
                return b.build();
            }
        } catch (InvalidProtocolBufferException e) {
            return str(text(v));
        }
        if (v instanceof List<?> l) {
            ListValue.Builder lb = ListValue.newBuilder();
            l.forEach(x -> lb.addValues(toValue(x)));
            return Value.newBuilder().setListValue(lb).build();
        }
        if (v instanceof Number n) {
            return Value.newBuilder().setNumberValue(n.doubleValue()).build();
        }
        if (v instanceof Boolean b) {
            return Value.newBuilder().setBoolValue(b).build();
        }
        return str(text(v));
    }

    /** An event payload: its JSON when it is a JSON object or array, else its UTF-8 text. */
    private static Value payloadValue(ByteString payload) {
        String text = payload.toStringUtf8();
        String t = text.strip();
        if (t.startsWith("{") || t.startsWith("[")) {
            try {
                Value.Builder b = Value.newBuilder();
                JsonFormat.parser().merge(t, b);
                return b.build();
            } catch (InvalidProtocolBufferException e) {
                // not JSON: as text
            }
        }
        return str(text);
    }

    /** The body of a reply as one JSON line (Event payloads as text or JSON). */
    static String json(Envelope env) {
        Message body = body(env);
        return body == null ? "{}" : print(toValue(body));
    }

    private static Value str(String s) {
        return Value.newBuilder().setStringValue(s).build();
    }

    private static String print(Value v) {
        try {
            return JsonFormat.printer().omittingInsignificantWhitespace().print(v);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException(e);
        }
    }
}

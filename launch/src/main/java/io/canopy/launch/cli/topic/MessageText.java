package io.canopy.launch.cli.topic;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import com.google.protobuf.util.JsonFormat;
import io.canopy.InputException;
import io.canopy.proto.Envelope;
import java.util.ArrayList;
import java.util.List;

/** A wire-format message typed on the command line: its type name and a body in JSON or protobuf text format. */
final class MessageText {
    private MessageText() {}

    /** The body types an Envelope can carry, by message name ({@code MotorCommand}, ...). */
    static List<String> types() {
        List<String> out = new ArrayList<>();
        for (FieldDescriptor f : Envelope.getDescriptor().getOneofs().get(0).getFields()) {
            out.add(f.getMessageType().getName());
        }
        return out;
    }

    /** Parses {@code body} (JSON when it starts with '{', else text format) as a {@code type}. */
    static Message parse(String type, String body) {
        FieldDescriptor field = null;
        for (FieldDescriptor f : Envelope.getDescriptor().getOneofs().get(0).getFields()) {
            if (f.getMessageType().getName().equals(type)) {
                field = f;
            }
        }
        if (field == null) {
            throw new InputException("message type '" + type + "' is not in the wire format; it carries "
                    + String.join(", ", types()));
        }
        Message.Builder b = Envelope.newBuilder().newBuilderForField(field);
        String text = body.strip();
        try {
            if (text.startsWith("{")) {
                JsonFormat.parser().merge(text, b);
            } else {
                TextFormat.merge(text, b);
            }
        } catch (InvalidProtocolBufferException | TextFormat.ParseException e) {
            throw new InputException(type + " body " + quote(text) + ": " + oneLine(e.getMessage()) + "; write JSON such as "
                    + example(type) + " or text format such as " + b.getDescriptorForType().getFields().get(0).getName() + ": ...");
        }
        return b.build();
    }

    private static String example(String type) {
        return type.equals("MotorCommand") ? "'{\"motorId\": 1, \"velocity\": 2.5}'" : "'{\"field\": value}'";
    }

    private static String quote(String s) {
        return "'" + (s.length() > 60 ? s.substring(0, 57) + "..." : s) + "'";
    }

    private static String oneLine(String s) {
        return s == null ? "not valid" : s.replaceAll("\\s+", " ").strip();
    }
}

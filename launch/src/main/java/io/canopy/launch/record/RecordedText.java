package io.canopy.launch.record;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import io.canopy.hardware.mavlink.MavlinkText;
import io.canopy.launch.run.NodeControl;
import io.canopy.proto.Envelope;

/** Recorded messages as replay shows them in a divergence (one line of protobuf text) and as it feeds them back. */
final class RecordedText {
    private RecordedText() {}

    /** The attachment an Input's data stood for: the body message, a number, a text. */
    static Object attachment(DynamicMessage d) {
        String kind = (String) d.getField(d.getDescriptorForType().findFieldByName("data_kind"));
        String text = (String) d.getField(d.getDescriptorForType().findFieldByName("text"));
        switch (kind) {
            case "message" -> {
                try {
                    Envelope env = Envelope.parseFrom(((Message) d.getField(d.getDescriptorForType().findFieldByName("message"))).toByteString());
                    Message body = env;
                    for (FieldDescriptor f : env.getAllFields().keySet()) {
                        if (f.getContainingOneof() != null && f.getType() == FieldDescriptor.Type.MESSAGE) {
                            body = (Message) env.getField(f);
                        }
                    }
                    return NodeControl.messageData(body);
                } catch (InvalidProtocolBufferException e) {
                    return null;
                }
            }
            case "number" -> {
                try {
                    return Long.valueOf(text);
                } catch (NumberFormatException e) {
                    return Double.valueOf(text);
                }
            }
            case "" -> {
                return null;
            }
            default -> {
                return text;
            }
        }
    }

    /** A device frame: its state, or each MAVLink frame in its bytes decoded ({@code HEARTBEAT {...} from 1/1 seq 7}). */
    static String device(Message m) {
        FieldDescriptor data = m.getDescriptorForType().findFieldByName("data");
        String state = (String) m.getField(m.getDescriptorForType().findFieldByName("state"));
        String protocol = (String) m.getField(m.getDescriptorForType().findFieldByName("protocol"));
        byte[] bytes = ((ByteString) m.getField(data)).toByteArray();
        if (!state.isEmpty()) {
            return "{link " + state + "}";
        }
        return "{" + (protocol.equals("mavlink") ? String.join("; ", MavlinkText.frames(bytes)) : bytes.length + " bytes") + "}";
    }

    static String text(Recording.Msg m) {
        String type = m.type().startsWith("canopy.record.v1.") ? m.type().substring("canopy.record.v1.".length()) : m.type();
        Descriptor d = RecordSchemas.type(type);
        if (d == null) {
            return m.data().length + " bytes";
        }
        try {
            return oneLine(DynamicMessage.parseFrom(d, m.data()));
        } catch (InvalidProtocolBufferException e) {
            return m.data().length + " bytes";
        }
    }

    static String oneLine(Message m) {
        if (m.getDescriptorForType().getName().equals("DeviceFrame")) {
            return device(m);
        }
        return "{" + TextFormat.printer().emittingSingleLine(true).printToString(m).strip() + "}";
    }

}

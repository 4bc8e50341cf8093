package io.canopy.launch.route;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors;
import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import io.canopy.expr.Expressions;
import io.canopy.expr.MemberAccess;
import java.nio.charset.StandardCharsets;

/**
 * A protobuf message seen by scripts: {@code _event.data.percent} reads the field {@code percent} of a
 * {@code BatteryState}. Built on the IO thread that received the message, read on the tick thread.
 * Numbers come out as doubles (or longs for integer fields), bytes as UTF-8 text, nested messages as
 * {@code ProtoData} again.
 */
public final class ProtoData implements MemberAccess {
    private final Message message;

    public ProtoData(Message message) {
        this.message = message;
    }

    public Message message() {
        return message;
    }

    @Override
    public Object member(String name) {
        FieldDescriptor f = message.getDescriptorForType().findFieldByName(name);
        if (f == null || f.isRepeated()) {
            return Expressions.UNDEFINED;
        }
        return value(f, message.getField(f));
    }

    static Object value(FieldDescriptor f, Object raw) {
        switch (f.getJavaType()) {
            case FLOAT:
                return (double) (Float) raw;
            case INT:
                return (long) (Integer) raw;
            case LONG:
            case DOUBLE:
            case BOOLEAN:
            case STRING:
                return raw;
            case BYTE_STRING:
                return ((ByteString) raw).toString(StandardCharsets.UTF_8);
            case ENUM:
                return ((Descriptors.EnumValueDescriptor) raw).getName();
            default:
                return new ProtoData((Message) raw);
        }
    }

    /** A number field as a double (booleans as 1/0), NaN for anything else. */
    static double number(Message m, FieldDescriptor f) {
        Object v = m.getField(f);
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        if (v instanceof Boolean b) {
            return b ? 1 : 0;
        }
        return Double.NaN;
    }

    @Override
    public String toString() {
        return message.getDescriptorForType().getName() + "{" + TextFormat.shortDebugString(message) + "}";
    }
}

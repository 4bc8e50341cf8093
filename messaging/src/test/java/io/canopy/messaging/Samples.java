package io.canopy.messaging;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.OneofDescriptor;
import com.google.protobuf.Message;
import io.canopy.proto.Envelope;
import java.util.ArrayList;
import java.util.List;

/**
 * One sample of every body type of {@link Envelope}, every field set to a non-default value, found by
 * descriptor so a body type added to messages.proto is covered without touching the tests.
 */
final class Samples {
    private Samples() {}

    static List<Message> everyBodyType() {
        OneofDescriptor body = Envelope.getDescriptor().getOneofs().get(0);
        List<Message> out = new ArrayList<>();
        for (FieldDescriptor f : body.getFields()) {
            out.add(filled(Envelope.newBuilder().newBuilderForField(f), 1));
        }
        return out;
    }

    private static Message filled(Message.Builder b, int seed) {
        for (FieldDescriptor f : b.getDescriptorForType().getFields()) {
            if (f.getRealContainingOneof() != null
                    && f != f.getRealContainingOneof().getFields().get(0)) {
                continue; // one member per oneof
            }
            Object v = value(b, f, seed + f.getNumber());
            if (f.isRepeated()) {
                b.addRepeatedField(f, v);
            } else {
                b.setField(f, v);
            }
        }
        return b.build();
    }

    private static Object value(Message.Builder b, FieldDescriptor f, int n) {
        return switch (f.getJavaType()) {
            case INT -> n;
            case LONG -> (long) n * 1_000_000_007L;
            case FLOAT -> n + 0.25f;
            case DOUBLE -> n + 0.125;
            case BOOLEAN -> true;
            case STRING -> "s" + n;
            case BYTE_STRING -> com.google.protobuf.ByteString.copyFromUtf8("b" + n);
            case ENUM -> f.getEnumType().getValues().get(f.getEnumType().getValues().size() - 1);
            case MESSAGE -> filled(b.newBuilderForField(f), n);
        };
    }
}

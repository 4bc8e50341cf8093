package io.canopy.messaging;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.OneofDescriptor;
import com.google.protobuf.Descriptors;
import com.google.protobuf.Message;
import io.canopy.proto.Envelope;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Puts a message type into, and takes it out of, the {@code body} oneof of an {@link Envelope}. Found by
 * descriptor, so a body type added to {@code messages.proto} works without touching this class.
 * {@code BodyCodec<Envelope>} passes whole envelopes through. Immutable; one per type, cached.
 */
public final class BodyCodec<T extends Message> {
    private static final OneofDescriptor BODY = Envelope.getDescriptor().getOneofs().stream()
            .filter(o -> o.getName().equals("body")).findFirst()
            .orElseThrow(() -> new IllegalStateException("Envelope has no oneof 'body'"));
    private static final ConcurrentHashMap<Class<?>, BodyCodec<?>> CACHE = new ConcurrentHashMap<>();

    private final Class<T> type;
    /** The oneof field holding T, or null for Envelope itself. */
    private final FieldDescriptor field;

    private BodyCodec(Class<T> type, FieldDescriptor field) {
        this.type = type;
        this.field = field;
    }

    @SuppressWarnings("unchecked")
    static <T extends Message> BodyCodec<T> of(Class<T> type) {
        return (BodyCodec<T>) CACHE.computeIfAbsent(type, BodyCodec::create);
    }

    private static BodyCodec<?> create(Class<?> type) {
        if (type == Envelope.class) {
            return new BodyCodec<>(Envelope.class, null);
        }
        for (FieldDescriptor f : BODY.getFields()) {
            if (f.getJavaType() == FieldDescriptor.JavaType.MESSAGE
                    && f.getMessageType().getFullName().equals(descriptorName(type))) {
                return new BodyCodec<>(type.asSubclass(Message.class), f);
            }
        }
        throw new IllegalArgumentException(type.getName() + " is not a body type of canopy.v1.Envelope; use one of "
                + BODY.getFields().stream().map(f -> f.getMessageType().getName()).toList() + " or Envelope itself");
    }

    private static String descriptorName(Class<?> type) {
        try {
            return ((Descriptors.Descriptor) type.getMethod("getDescriptor").invoke(null)).getFullName();
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalArgumentException(type.getName() + " is not a generated protobuf message class", e);
        }
    }

    Class<T> type() {
        return type;
    }

    /** The descriptor of T. */
    Descriptors.Descriptor descriptor() {
        return field == null ? Envelope.getDescriptor() : field.getMessageType();
    }

    /** The name of the oneof field (for example {@code motor_command}), or {@code envelope}. */
    public String bodyName() {
        return field == null ? "envelope" : field.getName();
    }

    /** Sets {@code message} as the body of {@code builder} (or merges the header fields when T is Envelope). */
    public Envelope.Builder wrap(Envelope.Builder builder, T message) {
        if (field == null) {
            return builder.mergeFrom((Envelope) message);
        }
        return builder.setField(field, message);
    }

    /** True when the envelope carries a T. */
    public boolean matches(Envelope envelope) {
        return field == null || envelope.getBodyCase().getNumber() == field.getNumber();
    }

    /** The body of an envelope that {@link #matches} (the envelope itself when T is Envelope). */
    @SuppressWarnings("unchecked")
    public T unwrap(Envelope envelope) {
        return field == null ? (T) envelope : (T) envelope.getField(field);
    }

    /** The name of the body an envelope actually carries, for error messages. */
    public static String bodyNameOf(Envelope envelope) {
        FieldDescriptor f = envelope.getOneofFieldDescriptor(BODY);
        return f == null ? "no body" : f.getName();
    }
}

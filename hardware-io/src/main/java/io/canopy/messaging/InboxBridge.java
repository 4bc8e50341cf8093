package io.canopy.messaging;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import io.canopy.expr.ValueKind;
import io.canopy.proto.Envelope;
import io.canopy.tick.Event;
import io.canopy.tick.EventKind;
import io.canopy.tick.EventQueue;
import io.canopy.tick.NanoClock;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers a subscription into a ticker's inbox, the normal way MQTT reaches trees and state machines: each
 * message becomes an {@link Event} named {@link #eventName()}, stamped with the ticker's clock, queued
 * without blocking on Paho's thread and applied by the tick thread before its next tick (the single-writer
 * rule: IO threads never touch trees, machines or blackboards).
 *
 * <p>The event carries the message as its attachment (protobuf messages are immutable, so sharing is safe)
 * and its serialized bytes as payload when they fit the queue's events. Made with {@link #field}, it carries
 * one scalar field instead: numbers and booleans as {@link Event#value()} (so the tick thread reads them
 * without boxing), strings as the attachment. {@link EventKind#SENSOR} samples supersede each other when the
 * inbox is full; {@link EventKind#COMMAND}s are never dropped by the inbox, and one the inbox refuses (its
 * command lane is full) is counted here and logged once.
 */
public final class InboxBridge<T extends Message> implements MessageListener<T> {
    private static final Logger LOG = LoggerFactory.getLogger(InboxBridge.class);

    private final EventQueue inbox;
    private final NanoClock clock;
    private final String eventName;
    private final EventKind kind;
    private final FieldDescriptor field;
    private final ValueKind valueKind;
    private final Event scratch;
    private final AtomicLong refused = new AtomicLong();

    private InboxBridge(EventQueue inbox, NanoClock clock, String eventName, EventKind kind, FieldDescriptor field,
            ValueKind valueKind) {
        this.inbox = inbox;
        this.clock = clock;
        this.eventName = eventName.intern();
        this.kind = kind;
        this.field = field;
        this.valueKind = valueKind;
        this.scratch = new Event(inbox.maxPayloadBytes());
    }

    /** Each message becomes the event {@code eventName} carrying the whole message. */
    public static <T extends Message> InboxBridge<T> events(Class<T> type, EventQueue inbox, NanoClock clock,
            String eventName, EventKind kind) {
        BodyCodec.of(type); // checks that T is a body type
        return new InboxBridge<>(inbox, clock, eventName, kind, null, ValueKind.OBJECT);
    }

    /**
     * Each message becomes the event {@code eventName} carrying one scalar field ({@code range_m} of a
     * RangeReading, {@code percent} of a BatteryState), ready for {@link BlackboardUpdates}.
     */
    public static <T extends Message> InboxBridge<T> field(Class<T> type, String fieldName, EventQueue inbox,
            NanoClock clock, String eventName, EventKind kind) {
        com.google.protobuf.Descriptors.Descriptor d = BodyCodec.of(type).descriptor();
        FieldDescriptor f = d.findFieldByName(fieldName);
        if (f == null || f.isRepeated()) {
            throw new io.canopy.InputException("field '" + fieldName + "' of " + d.getName() + ": "
                    + (f == null ? "no such field" : "a repeated field cannot go to one entry") + "; use one of "
                    + d.getFields().stream().filter(x -> !x.isRepeated()).map(FieldDescriptor::getName).toList());
        }
        ValueKind vk = switch (f.getJavaType()) {
            case INT, LONG, ENUM -> ValueKind.LONG;
            case FLOAT, DOUBLE -> ValueKind.DOUBLE;
            case BOOLEAN -> ValueKind.BOOLEAN;
            case STRING -> ValueKind.STRING;
            default -> ValueKind.OBJECT;
        };
        return new InboxBridge<>(inbox, clock, eventName, kind, f, vk);
    }

    public String eventName() {
        return eventName;
    }

    /** What the event carries: {@code OBJECT} for whole messages, else the field's kind. */
    public ValueKind valueKind() {
        return valueKind;
    }

    /** Commands the inbox refused because its command lane was full. */
    public long refused() {
        return refused.get();
    }

    @Override
    public void onMessage(T message, Envelope envelope) {
        synchronized (scratch) { // Paho delivers on one thread per connection; the lock is uncontended
            scratch.set(kind, eventName, clock.nanoTime());
            if (field == null) {
                int size = message.getSerializedSize();
                if (size <= scratch.maxPayloadBytes()) {
                    scratch.payload(message.toByteArray(), 0, size);
                }
                scratch.attachment(message);
            } else {
                Object v = message.getField(field);
                switch (valueKind) {
                    case LONG -> scratch.value(v instanceof com.google.protobuf.Descriptors.EnumValueDescriptor e
                            ? e.getNumber() : ((Number) v).longValue());
                    case DOUBLE -> scratch.value(((Number) v).doubleValue());
                    case BOOLEAN -> scratch.value(((Boolean) v) ? 1 : 0);
                    default -> scratch.attachment(v);
                }
            }
            if (!inbox.offer(scratch) && kind == EventKind.COMMAND) {
                if (refused.getAndIncrement() == 0) {
                    LOG.warn("inbox '{}' full: command event '{}' refused and counted (further ones are only counted);"
                            + " the tick thread is not keeping up or the inbox is too small", inbox.name(), eventName);
                }
            }
        }
    }
}

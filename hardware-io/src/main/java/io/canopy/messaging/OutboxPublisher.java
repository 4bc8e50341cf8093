package io.canopy.messaging;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.Parser;
import io.canopy.tick.Event;
import io.canopy.tick.EventHandler;
import io.canopy.tick.EventQueue;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Publishes what the tick thread puts into an outbox: a thread of its own ({@code canopy-outbox-<node>})
 * drains the {@link EventQueue} and publishes each event whose name is bound to a topic. The tick thread
 * only offers into the lock-free queue (and may call {@link #wake()}); serialization and the network happen
 * here. Without a wake-up the thread looks again within a millisecond.
 *
 * <ul>
 *   <li>{@link #bind}: the event carries a message of a body type (as its attachment, or serialized as its
 *       payload), published as that body: {@code motor.cmd} to {@code cmd} as a MotorCommand.</li>
 *   <li>{@link #bindEvent}: the event is published as a canopy {@link io.canopy.proto.Event} of the same
 *       name, whose payload is the event's payload bytes, else its attachment (a message serialized, anything
 *       else as UTF-8 text), else its number as text ({@link BlackboardPublisher} values arrive this way).</li>
 * </ul>
 * Events without a binding are counted and logged once per name. Bind before {@link #start()}.
 */
public final class OutboxPublisher implements EventHandler, AutoCloseable {
    private record Binding(String eventName, Publisher<Message> publisher, Parser<? extends Message> parser,
            Publisher<io.canopy.proto.Event> eventPublisher) {}

    private final Node node;
    private final EventQueue outbox;
    private final List<Binding> bindings = new ArrayList<>();
    private Binding[] table = new Binding[0];
    private final AtomicLong published = new AtomicLong();
    private final AtomicLong unbound = new AtomicLong();
    private volatile boolean running;
    private volatile Thread thread;

    public OutboxPublisher(Node node, EventQueue outbox) {
        this.node = node;
        this.outbox = outbox;
    }

    /** Events named {@code eventName} carry a {@code type} message, published on {@code topic}. */
    @SuppressWarnings("unchecked")
    public <T extends Message> OutboxPublisher bind(String eventName, String topic, Class<T> type, Qos qos) {
        Publisher<Message> p = (Publisher<Message>) node.newPublisher(topic, type, qos, false);
        Parser<? extends Message> parser = com.google.protobuf.Internal.getDefaultInstance(type).getParserForType();
        bindings.add(new Binding(eventName, p, parser, null));
        return this;
    }

    /** Events named {@code eventName} are published on {@code topic} as canopy Events. */
    public OutboxPublisher bindEvent(String eventName, String topic, Qos qos) {
        bindings.add(new Binding(eventName, null, null, node.newPublisher(topic, io.canopy.proto.Event.class, qos, false)));
        return this;
    }

    public OutboxPublisher start() {
        table = bindings.toArray(new Binding[0]);
        running = true;
        Thread t = new Thread(this::loop, "canopy-outbox-" + node.path());
        t.setDaemon(true);
        thread = t;
        t.start();
        return this;
    }

    /** Any thread (the tick thread after offering): lets the publisher look at once. Allocates nothing. */
    public void wake() {
        Thread t = thread;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    public long published() {
        return published.get();
    }

    /** Events that had no binding. */
    public long unbound() {
        return unbound.get();
    }

    private void loop() {
        while (running) {
            if (outbox.drain(this) == 0) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
            }
        }
        outbox.drain(this); // what was offered before close
    }

    @Override
    public void onEvent(Event event) {
        for (Binding b : table) {
            if (event.is(b.eventName())) {
                try {
                    publish(b, event);
                    published.incrementAndGet();
                } catch (InvalidProtocolBufferException | RuntimeException e) {
                    node.listenerFailed("outbox:" + event.name(), e);
                }
                return;
            }
        }
        unbound.incrementAndGet();
        node.onceLog.warn("outbox:" + event.name(), "outbox event '{}' has no MQTT binding; dropped and counted"
                + " (further ones are only counted). Bind it to a topic in the launch file.", event.name());
    }

    private void publish(Binding b, Event event) throws InvalidProtocolBufferException {
        if (b.publisher() != null) {
            Message m = event.attachment() instanceof Message a && b.parser() == a.getParserForType() ? a
                    : b.parser().parseFrom(event.payloadBuffer(), 0, event.payloadLength());
            b.publisher().publish(m);
            return;
        }
        ByteString payload;
        if (event.payloadLength() > 0) {
            payload = ByteString.copyFrom(event.payloadBuffer(), 0, event.payloadLength());
        } else if (event.attachment() instanceof Message m) {
            payload = m.toByteString();
        } else if (event.attachment() != null) {
            payload = ByteString.copyFrom(event.attachment().toString(), StandardCharsets.UTF_8);
        } else {
            double v = event.value();
            payload = ByteString.copyFromUtf8(v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v));
        }
        b.eventPublisher().publish(io.canopy.proto.Event.newBuilder().setName(event.name()).setPayload(payload).build());
    }

    /** Publishes what is still queued, then stops the thread. */
    @Override
    public void close() {
        running = false;
        Thread t = thread;
        if (t != null) {
            LockSupport.unpark(t);
            try {
                t.join(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}

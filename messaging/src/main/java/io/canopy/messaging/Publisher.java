package io.canopy.messaging;

import com.google.protobuf.Message;
import io.canopy.proto.Envelope;

/**
 * Publishes messages of type T on one topic, each wrapped in an {@link Envelope} stamped with the wall clock
 * and the node's name. Thread-safe; never blocks on the network: while disconnected a QoS 1/2 message waits
 * in the node's outage buffer and a QoS 0 one is dropped and counted. A retained publisher makes a latched
 * topic (late subscribers get the last message). Created by {@link MqttNode#newPublisher}.
 */
public final class Publisher<T extends Message> {
    private final MqttNode node;
    private final String topic;
    private final BodyCodec<T> codec;
    private final Qos qos;
    private final boolean retain;

    Publisher(MqttNode node, String topic, BodyCodec<T> codec, Qos qos, boolean retain) {
        this.node = node;
        this.topic = topic;
        this.codec = codec;
        this.qos = qos;
        this.retain = retain;
    }

    public String topic() {
        return topic;
    }

    public Qos qos() {
        return qos;
    }

    public boolean retained() {
        return retain;
    }

    /** Publishes {@code message} with no deadline. */
    public void publish(T message) {
        node.send(topic, envelope(message, 0L), qos.level(), retain);
    }

    /**
     * Publishes a command that must not be executed after {@code validForMs} from now: receivers drop it
     * (and count it) when it arrives late, for example after sitting in the outage buffer.
     */
    public void publish(T message, long validForMs) {
        if (validForMs <= 0) {
            throw new IllegalArgumentException("validForMs must be positive: " + validForMs);
        }
        long deadlineNs = node.config.epochNs().getAsLong() + validForMs * 1_000_000L;
        node.send(topic, envelope(message, deadlineNs), qos.level(), retain);
    }

    private Envelope envelope(T message, long deadlineNs) {
        Envelope.Builder b = Envelope.newBuilder();
        codec.wrap(b, message);
        if (b.getStampNs() == 0) {
            b.setStampNs(node.config.epochNs().getAsLong());
        }
        if (b.getSource().isEmpty()) {
            b.setSource(node.path());
        }
        if (deadlineNs != 0) {
            b.setDeadlineNs(deadlineNs);
        }
        if (qos.level() > 0 && b.getMessageId() == 0) {
            b.setMessageId(node.nextMessageId()); // at-least-once delivery made idempotent: receivers drop repeats
        }
        return b.build();
    }
}

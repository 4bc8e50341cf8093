package io.canopy.messaging;

import com.google.protobuf.Message;
import io.canopy.proto.Envelope;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Receives the messages of type T on one topic (or topic filter with '+' / '#') and hands them to its
 * {@link MessageListener} on the connection's IO thread. Envelopes with another body type are counted and
 * logged once per topic. Created by {@link MqttNode#newSubscriber}; subscribed again after every reconnect.
 */
public final class Subscriber<T extends Message> implements EnvelopeSink, Subscription {
    private final MqttNode node;
    private final String topic;
    private final BodyCodec<T> codec;
    private final MessageListener<? super T> listener;
    private final Qos qos;
    private final AtomicLong received = new AtomicLong();

    Subscriber(MqttNode node, String topic, BodyCodec<T> codec, Qos qos, MessageListener<? super T> listener) {
        this.node = node;
        this.topic = topic;
        this.codec = codec;
        this.qos = qos;
        this.listener = listener;
    }

    @Override
    public String topic() {
        return topic;
    }

    public Class<T> type() {
        return codec.type();
    }

    public Qos qos() {
        return qos;
    }

    /** Messages handed to the listener so far. */
    public long received() {
        return received.get();
    }

    @Override
    public boolean deliver(String actualTopic, Envelope envelope) {
        if (!codec.matches(envelope)) {
            node.counters.wrongBody.incrementAndGet();
            node.onceLog.warn("body:" + actualTopic + ":" + codec.bodyName(),
                    "MQTT topic '{}': expected an Envelope with body {} but got {} (from '{}'); dropped and counted,"
                    + " further ones are only counted. Publish {} on this topic or subscribe with the right type.",
                    actualTopic, codec.bodyName(), BodyCodec.bodyNameOf(envelope), envelope.getSource(), codec.bodyName());
            return false;
        }
        try {
            listener.onMessage(codec.unwrap(envelope), envelope);
            received.incrementAndGet();
        } catch (RuntimeException | Error e) {
            node.listenerFailed(actualTopic, e);
        }
        return true;
    }

    /** Stops receiving; unsubscribes from the broker when no other subscriber of the node uses the topic. */
    @Override
    public void close() {
        node.removeSink(topic, this);
    }
}

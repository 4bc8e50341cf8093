package io.canopy.messaging;

import com.google.protobuf.Message;
import io.canopy.proto.Envelope;

/**
 * Receives the messages of a {@link Subscriber}. Called on the connection's IO thread (Paho's callback
 * thread), never on the tick thread: an implementation must be quick and must not call into trees, state
 * machines or blackboards; it hands the message to the ticker's inbox instead. An exception it throws is
 * counted, logged once per topic and reported to {@link NodeMain#onError}; it never reaches Paho.
 */
@FunctionalInterface
public interface MessageListener<T extends Message> {
    /**
     * @param message  the body of the envelope, of the subscriber's type
     * @param envelope the whole envelope (header: stamp, source, correlation id, reply topic, deadline)
     */
    void onMessage(T message, Envelope envelope);
}

package io.canopy.messaging;

import io.canopy.proto.Envelope;

/** Something a {@link Route} hands parsed envelopes to: a subscriber, a service server, the reply router. */
public interface EnvelopeSink {
    /** Called on Paho's callback thread; returns whether the envelope was taken. Must not throw. */
    boolean deliver(String topic, Envelope envelope);
}

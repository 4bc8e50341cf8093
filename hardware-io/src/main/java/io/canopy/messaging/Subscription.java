package io.canopy.messaging;

/** A subscription of a node; {@link #close()} stops it (and unsubscribes when nothing else uses the topic). */
public interface Subscription extends AutoCloseable {
    /** The resolved topic filter. */
    String topic();

    @Override
    void close();
}

package io.canopy.messaging;

/** A subscription of a node; {@link #close()} stops it (and unsubscribes when nothing else uses the topic). */
public interface Subscription extends AutoCloseable {
    /** The resolved topic filter. */
    String topic();

    /**
     * Waits until the broker has acknowledged this subscription (its retained messages are then on their way), at
     * most {@code timeoutMs}; false when it has not in time.
     */
    default boolean awaitSubscribed(long timeoutMs) throws InterruptedException {
        return true;
    }

    @Override
    void close();
}

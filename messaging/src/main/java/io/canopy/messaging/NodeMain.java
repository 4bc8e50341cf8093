package io.canopy.messaging;

/**
 * The life cycle of code that runs on a {@link MqttNode}, as rosjava's {@code NodeMain}: {@link #onStart} creates
 * publishers, subscribers and services (the node may still be connecting: subscriptions are made when the
 * connection comes, QoS 1 publishes wait); {@link #onShutdown} runs first in {@link MqttNode#close()}, while the
 * node can still publish; {@link #onShutdownComplete} after the node said {@code offline} and disconnected.
 * {@link #onError} reports what listeners and service handlers threw, on the thread they ran on.
 */
public interface NodeMain {
    void onStart(MqttNode node);

    default void onShutdown(MqttNode node) {}

    default void onShutdownComplete(MqttNode node) {}

    default void onError(MqttNode node, Throwable error) {}
}

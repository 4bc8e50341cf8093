package io.canopy.messaging;

/**
 * Receives raw payloads, Envelope or not, as a monitor sees them ({@code canopy echo}, dashboards, bridges to
 * other formats). Called on the connection's IO thread; an exception is counted and logged once per topic.
 */
@FunctionalInterface
public interface RawListener {
    void onMessage(String topic, byte[] payload, boolean retained);
}

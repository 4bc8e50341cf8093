package io.canopy.launch.plan;

/**
 * A sensor role on a serial link ({@code <sensor name link type id>}): readings of one message type (and
 * one sensor id, or any when {@code sensorId} is -1) arriving on that link.
 */
public record SensorPlan(String name, String link, String messageType, int sensorId, Source source) {}

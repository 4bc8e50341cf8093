package io.canopy.launch.plan;

/**
 * A motor-controller role on a serial link ({@code <motor name link id timeout_ms>}): commands go out as
 * {@code MotorCommand}s with this motor id, and a stop is sent on halt and shutdown.
 */
public record MotorPlan(String name, String link, int motorId, int timeoutMs, Source source) {}

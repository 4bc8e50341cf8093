package io.canopy.tick;

/**
 * What an {@link EventQueue} may drop when it is full.
 */
public enum EventKind {
    /**
     * A sample of a sensor stream (a range reading, a motor state, telemetry): a newer one supersedes it, so
     * when the queue is full the oldest sensor sample is dropped (and counted) to make room.
     */
    SENSOR,
    /**
     * Anything that must not be lost: a command, a goal, {@code device.lost}, a service request. Never
     * dropped once queued; when the command lane is full the offer is refused (returns false and is
     * counted) so the producer still holds it and can retry, reject upstream or raise an alarm.
     */
    COMMAND
}

package io.canopy.messaging;

/**
 * MQTT quality of service. Telemetry goes at {@link #AT_MOST_ONCE} (a lost sample is replaced by the next
 * one; dropped while disconnected), commands at {@link #AT_LEAST_ONCE} (kept in the outage buffer while
 * disconnected and sent after reconnecting; a receiver may see a duplicate).
 */
public enum Qos {
    AT_MOST_ONCE(0),
    AT_LEAST_ONCE(1),
    EXACTLY_ONCE(2);

    private final int level;

    Qos(int level) {
        this.level = level;
    }

    /** The MQTT QoS number, 0, 1 or 2. */
    public int level() {
        return level;
    }

    public static Qos of(int level) {
        return switch (level) {
            case 0 -> AT_MOST_ONCE;
            case 1 -> AT_LEAST_ONCE;
            case 2 -> EXACTLY_ONCE;
            default -> throw new IllegalArgumentException("MQTT QoS must be 0, 1 or 2: " + level);
        };
    }
}

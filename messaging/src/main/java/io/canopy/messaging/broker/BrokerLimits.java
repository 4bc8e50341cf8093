package io.canopy.messaging.broker;

import io.canopy.InputException;

/**
 * What the embedded broker accepts from one client: messages up to {@code maxMessageBytes} (a larger one is refused
 * with one WARN line and the client disconnected), and {@code clientRate} publishes per second (above it QoS 0
 * publishes are dropped; QoS 1 and 2 publishes, which carry commands and events, only above
 * {@value #COMMAND_FACTOR} times it). Clients of this process (the node's own) are exempt from the rate.
 */
public record BrokerLimits(int maxMessageBytes, int clientRate) {
    /**
     * 256 KB and 2,000 publishes per second per client (8,000 for QoS 1/2): several times a robot's traffic (50
     * topics at 10 Hz are 500), and what a loaded two-core host's Moquette still routes without its queues filling.
     */
    public static final BrokerLimits DEFAULT = new BrokerLimits(256 * 1024, 2000);
    /** QoS 1/2 publishes are dropped only above this multiple of {@link #clientRate()}. */
    public static final int COMMAND_FACTOR = 4;
    /** MQTT's own ceiling: 256 MB. */
    public static final int MQTT_MAX_BYTES = 268_435_455;

    public BrokerLimits {
        if (maxMessageBytes < 1024 || maxMessageBytes > MQTT_MAX_BYTES) {
            throw new InputException("embedded broker: maximum message size " + maxMessageBytes
                    + " bytes is out of range; give 1 KB to 256 MB (<mqtt max_message_kb=\"256\"/>)");
        }
        if (clientRate <= 0) {
            throw new InputException("embedded broker: client rate " + clientRate
                    + " publishes/s must be positive (<mqtt client_rate=\"2000\"/>)");
        }
    }

    /** From the launch file's {@code max_message_kb} and {@code client_rate}. */
    public static BrokerLimits of(int maxMessageKb, int clientRate) {
        return new BrokerLimits((int) Math.min((long) maxMessageKb * 1024, MQTT_MAX_BYTES), clientRate);
    }

    /** The QoS 1/2 limit, publishes per second. */
    public long commandRate() {
        return (long) clientRate * COMMAND_FACTOR;
    }
}

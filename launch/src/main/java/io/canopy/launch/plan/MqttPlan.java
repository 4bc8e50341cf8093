package io.canopy.launch.plan;

import java.nio.file.Path;

/**
 * The node's MQTT connection ({@code <mqtt>}). With {@code broker="embedded"} (the default, also when the
 * element is absent) the node starts an embedded broker on 127.0.0.1:{@link #port()} and connects to it. With
 * {@code broker="none"} ({@link #off}) the node has no MQTT at all: no broker, no client, no status or outbound
 * thread, and none of their classes are loaded.
 *
 * @param brokerUrl      {@code tcp://host:port} or {@code ssl://host:port}, or null when embedded
 * @param telemetryTimer the timer at whose rate timer, tree and machine status is published, or null
 * @param maxMessageKb   the largest MQTT message, in KB ({@code max_message_kb}, default 256): the embedded broker
 *                       refuses a larger one (one WARN line per client, the client disconnected) and the node's own
 *                       client does not send one (one WARN line per topic)
 * @param clientRate     publishes per second one client may send to the embedded broker ({@code client_rate},
 *                       default {@value #DEFAULT_CLIENT_RATE}): above it QoS 0 publishes are dropped, QoS 1/2 only
 *                       above four times it; the node's own client is exempt
 * @param enabled        false for {@code broker="none"}: the node runs without MQTT (every other field is unused)
 */
public record MqttPlan(
        boolean embedded,
        String brokerUrl,
        int port,
        String user,
        String password,
        boolean tls,
        Path caFile,
        String clientId,
        int keepAliveS,
        String telemetryTimer,
        int maxMessageKb,
        int clientRate,
        Source source,
        boolean enabled) {
    public static final int DEFAULT_MAX_MESSAGE_KB = 256;
    public static final int DEFAULT_CLIENT_RATE = 2000;
    /** The {@code broker} value that switches MQTT off. */
    public static final String NONE = "none";

    /** An MQTT connection (enabled). */
    public MqttPlan(boolean embedded, String brokerUrl, int port, String user, String password, boolean tls, Path caFile,
            String clientId, int keepAliveS, String telemetryTimer, int maxMessageKb, int clientRate, Source source) {
        this(embedded, brokerUrl, port, user, password, tls, caFile, clientId, keepAliveS, telemetryTimer, maxMessageKb,
                clientRate, source, true);
    }

    /** No MQTT at all ({@code <mqtt broker="none"/>} at {@code source}). */
    public static MqttPlan off(Source source) {
        return new MqttPlan(false, null, 0, null, null, false, null, null, 30, null, DEFAULT_MAX_MESSAGE_KB,
                DEFAULT_CLIENT_RATE, source, false);
    }

    /** Without the embedded broker's limits: the defaults. */
    public MqttPlan(boolean embedded, String brokerUrl, int port, String user, String password, boolean tls, Path caFile,
            String clientId, int keepAliveS, String telemetryTimer, Source source) {
        this(embedded, brokerUrl, port, user, password, tls, caFile, clientId, keepAliveS, telemetryTimer,
                DEFAULT_MAX_MESSAGE_KB, DEFAULT_CLIENT_RATE, source);
    }

    /** The URL the client connects to (the embedded broker's when embedded). */
    public String connectUrl() {
        return embedded ? "tcp://127.0.0.1:" + port : brokerUrl;
    }

    /** The same connection logging in as {@code newUser} (null: keep), trusting {@code newCa} (null: keep). */
    public MqttPlan withLogin(String newUser, String newPassword, Path newCa) {
        return new MqttPlan(embedded, brokerUrl, port, newUser != null ? newUser : user,
                newUser != null ? newPassword : password, tls || newCa != null, newCa != null ? newCa : caFile, clientId,
                keepAliveS, telemetryTimer, maxMessageKb, clientRate, source, enabled);
    }

    @Override
    public String toString() {
        // never print the password
        if (!enabled) {
            return "MqttPlan[none]";
        }
        return "MqttPlan[" + (embedded ? "embedded:" + port : brokerUrl) + (user == null ? "" : " user=" + user)
                + (tls ? " tls" : "") + "]";
    }
}

package io.canopy.launch;

import java.nio.file.Path;

/**
 * The node's MQTT connection ({@code <mqtt>}). With {@code broker="embedded"} (the default, also when the
 * element is absent) the node starts an embedded broker on 127.0.0.1:{@link #port()} and connects to it.
 *
 * @param brokerUrl      {@code tcp://host:port} or {@code ssl://host:port}, or null when embedded
 * @param telemetryTimer the timer at whose rate timer, tree and machine status is published, or null
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
        Source source) {
    /** The URL the client connects to (the embedded broker's when embedded). */
    public String connectUrl() {
        return embedded ? "tcp://127.0.0.1:" + port : brokerUrl;
    }

    /** The same connection logging in as {@code newUser} (null: keep), trusting {@code newCa} (null: keep). */
    public MqttPlan withLogin(String newUser, String newPassword, Path newCa) {
        return new MqttPlan(embedded, brokerUrl, port, newUser != null ? newUser : user,
                newUser != null ? newPassword : password, tls || newCa != null, newCa != null ? newCa : caFile, clientId,
                keepAliveS, telemetryTimer, source);
    }

    @Override
    public String toString() {
        // never print the password
        return "MqttPlan[" + (embedded ? "embedded:" + port : brokerUrl) + (user == null ? "" : " user=" + user)
                + (tls ? " tls" : "") + "]";
    }
}

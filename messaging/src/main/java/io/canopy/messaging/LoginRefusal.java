package io.canopy.messaging;

import org.eclipse.paho.client.mqttv3.MqttException;

/**
 * A broker's refusal of a client's login (CONNACK 4, bad user name or password; CONNACK 5, not authorized) is a
 * configuration error, not an outage: this says so in one line naming the broker, the user and the fix.
 */
final class LoginRefusal {
    private LoginRefusal() {}

    /** The one-line message when {@code cause} is a CONNACK 4 or 5, else null. */
    static String of(Throwable cause, String serverUri, String user) {
        if (!(cause instanceof MqttException e)) {
            return null;
        }
        String who = user == null ? "an anonymous client (no user name given)" : "user '" + user + "'";
        return switch (e.getReasonCode()) {
            case MqttException.REASON_CODE_FAILED_AUTHENTICATION -> "MQTT broker " + serverUri + " refused " + who
                    + ": bad user name or password (CONNACK 4). This is a configuration error, not an outage: "
                    + (user == null ? "give --user NAME and --password-env VAR (or the launch file's mqtt user)"
                            : "check the password in the variable --password-env names, or the broker's password file");
            case MqttException.REASON_CODE_NOT_AUTHORIZED -> "MQTT broker " + serverUri + " refused " + who
                    + ": not authorized (CONNACK 5). This is a configuration error, not an outage: "
                    + (user == null ? "the broker allows no anonymous clients; give --user NAME and --password-env VAR"
                            : "check the user's password and the broker's password file and ACL");
            default -> null;
        };
    }
}

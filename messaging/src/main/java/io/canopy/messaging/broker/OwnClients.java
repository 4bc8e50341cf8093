package io.canopy.messaging.broker;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The MQTT client ids of this process's own connections: the embedded broker does not rate-limit them (a node's
 * telemetry is not a flood). A client elsewhere that claims one of these ids takes the session over, which the
 * node notices and reports anyway, so the exemption adds no way in.
 */
public final class OwnClients {
    private static final Set<String> IDS = ConcurrentHashMap.newKeySet();

    private OwnClients() {}

    public static void add(String clientId) {
        IDS.add(clientId);
    }

    public static void remove(String clientId) {
        IDS.remove(clientId);
    }

    static boolean contains(String clientId) {
        return IDS.contains(clientId);
    }
}

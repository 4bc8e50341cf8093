package io.canopy.launch.run;

import io.canopy.launch.MqttPlan;
import io.canopy.launch.NodePlan;
import io.canopy.messaging.EmbeddedBroker;
import io.canopy.messaging.Node;
import io.canopy.messaging.NodeConfig;

/** Starts a node's MQTT connection (and the embedded broker) from its {@code <mqtt>}. */
final class Mqtt {
    private Mqtt() {}

    /**
     * Starts the node's connection; with an embedded broker, {@code broker} must be the one started by
     * {@link #startBroker} (the runner owns it, so that it can stop it without waiting for Netty's quiet period).
     */
    static Node start(NodePlan plan, EmbeddedBroker broker) {
        MqttPlan m = plan.mqtt();
        NodeConfig.Builder b = NodeConfig.builder(plan.name()).namespace(plan.namespace());
        if (m.embedded()) {
            b.broker(broker.url());
        } else {
            b.broker(m.brokerUrl());
        }
        if (m.user() != null) {
            b.credentials(m.user(), m.password() == null ? new char[0] : m.password().toCharArray());
        }
        if (m.caFile() != null) {
            b.tlsCaFile(m.caFile());
        }
        if (m.clientId() != null) {
            b.clientId(m.clientId());
        }
        b.keepAliveS(m.keepAliveS());
        // commands must survive a broker restart: a node that subscribes (mqtt: sources) keeps its session at the
        // broker (stable client id canopy-<namespace>-<node>), so QoS 1 commands published while it is away are
        // delivered when it is back; and it retries at most every 500 ms, so a restarted broker is seen quickly
        boolean subscribes = plan.binds().stream().anyMatch(bp -> bp.from() instanceof io.canopy.launch.Endpoint.Mqtt);
        b.persistentSession(subscribes).reconnectBackoffMs(100, 500);
        return Node.start(b.build());
    }

    /** The embedded broker of a node, or null when it uses an external one. */
    static EmbeddedBroker startBroker(NodePlan plan) {
        return plan.mqtt().embedded() ? EmbeddedBroker.start(plan.mqtt().port()) : null;
    }

    /**
     * Stops a broker in the background: Moquette waits out Netty's two-second quiet period, and the clients
     * are gone by then (they said {@code offline} and disconnected), so nobody needs to wait for it.
     */
    static void stopInBackground(EmbeddedBroker broker) {
        Thread t = new Thread(broker::close, "canopy-broker-stop");
        t.setDaemon(true);
        t.start();
    }

    /** A topic resolved by the launch loader, made absolute for the messaging node's name resolution. */
    static String absolute(String resolvedTopic) {
        return "/" + resolvedTopic;
    }
}

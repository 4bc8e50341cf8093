package io.canopy.launch.run;

import io.canopy.launch.MqttPlan;
import io.canopy.launch.NodePlan;
import io.canopy.messaging.Node;
import io.canopy.messaging.NodeConfig;

/** Starts a node's MQTT connection (and the embedded broker) from its {@code <mqtt>}. */
final class Mqtt {
    private Mqtt() {}

    static Node start(NodePlan plan) {
        MqttPlan m = plan.mqtt();
        NodeConfig.Builder b = NodeConfig.builder(plan.name()).namespace(plan.namespace());
        if (m.embedded()) {
            b.broker(NodeConfig.EMBEDDED).embeddedPort(m.port());
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
        return Node.start(b.build());
    }

    /** A topic resolved by the launch loader, made absolute for the messaging node's name resolution. */
    static String absolute(String resolvedTopic) {
        return "/" + resolvedTopic;
    }
}

package io.canopy.launch.run;

import io.canopy.InputException;
import io.canopy.launch.plan.Endpoint;
import io.canopy.launch.plan.MqttPlan;
import io.canopy.launch.plan.NodePlan;
import io.canopy.messaging.MqttNode;
import io.canopy.messaging.NodeConfig;
import io.canopy.messaging.broker.BrokerLimits;
import io.canopy.messaging.broker.EmbeddedBroker;
import java.util.HashMap;
import java.util.Map;

/** Starts a node's MQTT connection (and the embedded broker) from its {@code <mqtt>}. */
public final class Mqtt {
    private Mqtt() {}

    /**
     * Starts the node's connection; with an embedded broker, {@code broker} must be the one started by
     * {@link #startBroker} (the runner owns it, so that it can stop it without waiting for Netty's quiet period).
     */
    static MqttNode start(NodePlan plan, EmbeddedBroker broker) {
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
        b.maxMessageBytes(BrokerLimits.of(m.maxMessageKb(), m.clientRate()).maxMessageBytes());
        // commands must survive a broker restart: a node that subscribes (mqtt: sources) keeps its session at the
        // broker (stable client id canopy-<namespace>-<node>), so QoS 1 commands published while it is away are
        // delivered when it is back; and it retries at most every 500 ms, so a restarted broker is seen quickly
        boolean subscribes = plan.binds().stream().anyMatch(bp -> bp.from() instanceof Endpoint.Mqtt)
                || !plan.remotes().isEmpty(); // a worker's result sent while the node is away is delivered when it is back
        b.persistentSession(subscribes).reconnectBackoffMs(100, 500);
        return MqttNode.start(b.build());
    }

    /** Embedded brokers of this process by the port their {@code <mqtt port>} asked for, with their users. */
    private static final Map<Integer, Shared> BROKERS = new HashMap<>();

    private static final class Shared {
        final EmbeddedBroker broker;
        int users;

        Shared(EmbeddedBroker broker) {
            this.broker = broker;
        }
    }

    /**
     * The embedded broker of a node, or null when it uses an external one. Nodes of one process that ask for
     * the same port (several {@code <node>}s of a launch file, each with the default {@code <mqtt>}) share one
     * broker; it stops when the last of them stops.
     */
    static EmbeddedBroker startBroker(NodePlan plan) {
        if (!plan.mqtt().embedded()) {
            return null;
        }
        synchronized (BROKERS) {
            Shared s;
            try {
                s = BROKERS.computeIfAbsent(plan.mqtt().port(), port -> new Shared(EmbeddedBroker.startForNodes(port,
                        BrokerLimits.of(plan.mqtt().maxMessageKb(), plan.mqtt().clientRate()))));
            } catch (InputException e) {
                throw new InputException(busyPort(plan.mqtt(), e.getMessage()), e);
            }
            s.users++;
            return s.broker;
        }
    }

    /**
     * The broker's own words on a port it could not take, with the launch file's way out: the {@code <mqtt>} that
     * asked for the port, and the arguments that change it.
     */
    static String busyPort(MqttPlan mqtt, String brokerMessage) {
        int generic = brokerMessage.indexOf("; free the port");
        String what = generic < 0 ? brokerMessage : brokerMessage.substring(0, generic);
        return (mqtt.source() == null ? "" : mqtt.source() + ": ") + what + "; free the port, or run on another one"
                + " (--arg mqtt_port=N in the examples; port=\"N\" on <mqtt>), or against a running broker (--arg"
                + " broker=tcp://HOST:1883; broker=\"URL\" on <mqtt>)";
    }

    /**
     * Stops a broker in the background once its last node lets go of it: Moquette waits out Netty's two-second
     * quiet period, and the clients are gone by then (they said {@code offline} and disconnected), so nobody
     * needs to wait for it.
     */
    static void stopInBackground(EmbeddedBroker broker) {
        synchronized (BROKERS) {
            for (var it = BROKERS.entrySet().iterator(); it.hasNext();) {
                Shared s = it.next().getValue();
                if (s.broker == broker) {
                    if (--s.users > 0) {
                        return;
                    }
                    it.remove();
                }
            }
        }
        Thread t = new Thread(broker::close, "canopy-broker-stop");
        t.setDaemon(true);
        t.start();
    }

    /** A topic resolved by the launch loader, made absolute for the messaging node's name resolution. */
    public static String absolute(String resolvedTopic) {
        return "/" + resolvedTopic;
    }
}

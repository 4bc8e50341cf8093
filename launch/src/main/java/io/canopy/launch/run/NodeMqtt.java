package io.canopy.launch.run;

import io.canopy.InputException;
import io.canopy.hardware.health.LinkHealth;
import io.canopy.launch.fleet.ClaimBoard;
import io.canopy.launch.plan.NodePlan;
import io.canopy.launch.remote.RemoteNodes;
import io.canopy.launch.report.LinkChanges;
import io.canopy.launch.report.NodeInfo;
import io.canopy.launch.report.Telemetry;
import io.canopy.launch.route.InboundRouter;
import io.canopy.launch.route.Outbound;
import io.canopy.launch.status.StatusTopics;
import io.canopy.messaging.MessagingStats;
import io.canopy.messaging.MqttNode;
import io.canopy.messaging.broker.EmbeddedBroker;
import io.canopy.proto.LinkStatus;
import io.canopy.tick.Ticker;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a node does over MQTT beside its bindings: its embedded broker (if it has one) and client, started on another
 * thread while the node's links, machines and trees load and awaited before the bindings are wired; the remote
 * actions' and claims' connection; telemetry, the retained info and the status topics; closed at shutdown. Nothing
 * of it (nor its classes' work) for a node without MQTT ({@code <mqtt broker="none"/>}).
 */
final class NodeMqtt {
    private static final Logger LOG = LoggerFactory.getLogger(NodeRuntime.class);

    private final NodePlan plan;
    /** The broker and the client starting in the background, or null (not started, or no MQTT). */
    private CompletableFuture<Void> up;
    private volatile MqttNode client;
    private volatile EmbeddedBroker broker;
    /** The {@code <remote>} actions: declared types run by workers over MQTT. */
    private RemoteNodes remotes = RemoteNodes.NONE;
    /** The full status on MQTT ({@code <robot>/status/...}), or null. */
    private StatusTopics statusTopics;
    /** The node, once started (its info shows the trees' versions). */
    private NodeView view;

    NodeMqtt(NodePlan plan) {
        this.plan = plan;
    }

    /** Starts the broker and the client on another thread (nothing without MQTT). */
    void startInBackground() {
        up = !plan.hasMqtt() ? null : CompletableFuture.runAsync(() -> {
            broker = Mqtt.startBroker(plan);
            client = Mqtt.start(plan, broker);
        });
    }

    /** Waits until the broker and the client are up; rethrows what failed there. */
    void await() {
        if (up != null) {
            try {
                up.join();
            } catch (CompletionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : e;
            }
        }
    }

    /** Waits for a start that may have failed (a failed build must not leave a broker starting behind it). */
    void awaitQuietly() {
        if (up != null) {
            try {
                up.join();
            } catch (RuntimeException e) {
                LOG.debug("MQTT start failed: {}", e.toString());
            }
        }
    }

    /** Load time: the {@code <remote>} actions (their leaves to register), which put their replies in the node's inbox. */
    RemoteNodes remotes(Ticker ticker, InboundRouter router, Outbound outbound) {
        remotes = RemoteNodes.build(plan.remotes(), new RemoteNodes.Host(ticker.inbox(), ticker.clock(), router::toBlackboard,
                outbound.queue, outbound::on));
        return remotes;
    }

    /** Once up: the remote actions' connection and the trees' claim boards; without MQTT, a tree that claims is refused. */
    void connect(List<TreeSlot> trees) {
        if (client != null) {
            remotes.connect(client);
            trees.forEach(s -> ClaimBoard.attach(s.tree.context(), client));
        } else if (!plan.hasMqtt()) {
            // the loader refuses claims; a Claim it could not see (an include it could not read) ends here
            for (TreeSlot s : trees) {
                if (s.tree.context().service(ClaimBoard.class) != null) {
                    throw new InputException(s.plan.source() + ": tree '" + s.plan.name() + "' has Claim/Release nodes, which"
                            + " claim over MQTT; this node has no MQTT (<mqtt broker=\"none\"/> at line "
                            + plan.mqtt().source().line() + "); remove them or remove broker=\"none\"");
                }
            }
        }
    }

    /** The node's telemetry in the output phase of its telemetry timer, if it has one: {@code view} through {@code outbound}. */
    void telemetry(NodeView view, Outbound outbound, NodeCycles cycles) {
        if (plan.hasMqtt() && plan.mqtt().telemetryTimer() != null) {
            cycles.of(plan.mqtt().telemetryTimer()).output.add(new Telemetry(view, client, outbound));
        }
        if (plan.hasMqtt() && client != null) { // each device link's lost/back, as its log line tells it
            List<LinkHealth> links = new ArrayList<>();
            view.linkRuntimes().forEach(l -> links.add(l.health));
            links.addAll(view.devices().linkHealth());
            links.addAll(remotes.linkHealth());
            LinkChanges.attach(links, view.name(), client, outbound);
        }
    }

    /** Once started: the node's retained info (the graph entry canopy topic/node list read) and its describe service. */
    void announce() {
        if (plan.hasMqtt()) {
            NodeInfo.announce(client, plan, view);
        }
    }

    /** Once started: the full status on {@code <robot>/status/...} (its thread and classes only with MQTT). */
    void startStatus(NodeView view) {
        this.view = view;
        if (plan.hasMqtt()) {
            statusTopics = StatusTopics.start(view);
        }
    }

    /** After the trees were halted, so the last status shows them. */
    void closeStatus() {
        if (statusTopics != null) {
            statusTopics.close();
        }
    }

    /** For the start-up line: none, off, or the broker's URL. */
    String describe() {
        MqttNode c = client;
        return !plan.hasMqtt() ? "none" : c == null ? "off" : c.brokerUrl();
    }

    /**
     * The node's MQTT connection in the shape of a link, or null without a client: messages received and published as
     * frames, payloads that were not the expected Envelope as unparsable, connection losses, and messages dropped
     * because the outage buffer was full or the connection was down.
     */
    LinkStatus linkStatus() {
        MqttNode c = client;
        if (c == null) {
            return null;
        }
        MessagingStats s = c.stats();
        return LinkStatus.newBuilder().setLink("mqtt " + c.brokerUrl()).setConnected(c.isConnected())
                .setFramesReceived(s.received()).setFramesSent(s.published())
                .setUnparsable(s.unparsable() + s.wrongBody()).setLostCount(s.connectionLosses())
                .setDroppedQueueFull(s.bufferOverflows()).setDroppedDeviceLost(s.droppedDisconnected()).build();
    }

    /** The node's MQTT client, or null: without MQTT, before it is up, after {@link #close}. */
    MqttNode client() {
        return client;
    }

    /** Closes the client, then stops the embedded broker in the background. */
    void close() {
        MqttNode c = client;
        if (c != null) {
            try {
                c.close();
            } catch (RuntimeException e) {
                LOG.warn("closing MQTT: {}", e.toString());
            }
            client = null;
        }
        EmbeddedBroker b = broker;
        if (b != null) {
            Mqtt.stopInBackground(b);
            broker = null;
        }
    }
}

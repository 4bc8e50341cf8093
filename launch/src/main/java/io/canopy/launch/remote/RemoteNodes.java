package io.canopy.launch.remote;

import io.canopy.bt.Entry;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.standin.StandIn;
import io.canopy.bt.standin.StandInAction;
import io.canopy.hardware.health.LinkHealth;
import io.canopy.launch.plan.RemotePlan;
import io.canopy.messaging.MqttNode;
import io.canopy.tick.Event;
import io.canopy.tick.EventQueue;
import io.canopy.tick.NanoClock;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * The {@code <remote>}s of one node at run time: one {@link RemoteLink} per remote type. {@link #register} adds
 * each type to the registry the node's trees are built with (before they load); {@link #connect} subscribes and
 * makes the publishers once the node's MQTT connection exists (before the tick thread starts).
 */
public final class RemoteNodes {
    /** No remotes. */
    public static final RemoteNodes NONE = new RemoteNodes(List.of());

    /**
     * What a remote needs of its node: the inbox (MQTT thread to tick) and the clock that stamps it, a route from
     * an inbox key to an entry the tick thread sets ({@code InboundRouter.toBlackboard}), the outbox the tick
     * thread offers goals and cancels to, and the outbox action per key ({@code Outbound.on}, IO thread).
     */
    public record Host(EventQueue inbox, NanoClock clock, BiConsumer<String, Entry> route, EventQueue outbox,
            BiConsumer<String, Consumer<Event>> onOutbox) {}

    private final List<RemoteLink> links;

    private RemoteNodes(List<RemoteLink> links) {
        this.links = links;
    }

    /** The runtime of {@code plans} on {@code host} (nothing is subscribed before {@link #connect}). */
    public static RemoteNodes build(List<RemotePlan> plans, Host host) {
        if (plans.isEmpty()) {
            return NONE;
        }
        List<RemoteLink> links = new ArrayList<>();
        for (RemotePlan p : plans) {
            links.add(new RemoteLink(p, host));
        }
        return new RemoteNodes(links);
    }

    /** Each worker's lost (offline) / back (online) state. */
    public List<LinkHealth> linkHealth() {
        return links.stream().map(l -> l.health).toList();
    }

    /** Registers one action type per remote, with its declared ports, into {@code registry}. */
    public void register(NodeRegistry registry) {
        for (RemoteLink l : links) {
            registry.register(NodeType.action(l.plan.type(), init -> new RemoteAction(init, l),
                    l.plan.ports().toArray(new Port[0])).describe("remote: runs on a worker over MQTT at " + l.plan.topic()));
        }
    }

    /**
     * For {@code canopy validate}: registers each remote type with its declared ports as a stand-in (the tree is
     * checked as {@code canopy run} will build it, nothing connects).
     */
    public static NodeRegistry declare(NodeRegistry registry, List<RemotePlan> plans) {
        for (RemotePlan p : plans) {
            if (registry.find(p.type()) == null) {
                registry.register(NodeType.action(p.type(), init -> new StandInAction(init, StandIn.SUCCESS),
                        p.ports().toArray(new Port[0])));
            }
        }
        return registry;
    }

    /** Subscribes to each remote's feedback, result and worker topics and makes its goal and cancel publishers. */
    public void connect(MqttNode mqtt) {
        for (RemoteLink l : links) {
            l.connect(mqtt);
        }
    }

    /** The remotes, in launch-file order (for tests and status). */
    List<RemoteLink> links() {
        return links;
    }
}

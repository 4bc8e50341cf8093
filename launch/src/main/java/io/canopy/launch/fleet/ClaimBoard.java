package io.canopy.launch.fleet;

import com.google.protobuf.ByteString;
import io.canopy.bt.Blackboard;
import io.canopy.bt.TreeContext;
import io.canopy.messaging.MqttNode;
import io.canopy.messaging.Publisher;
import io.canopy.messaging.Qos;
import io.canopy.proto.Envelope;
import io.canopy.proto.Event;
import io.canopy.tick.NanoClock;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * What one tree knows of the fleet's claims, and its own. A claim is a retained QoS 1 {@code Event} on
 * {@code fleet/claims/<resource>}: name {@code claim} (payload {@code <lease_ms>}) or {@code release}, the holder
 * being the envelope's {@code source} (the node path, e.g. {@code robot1/controller}). The last retained message
 * of a topic wins (every client sees one broker's order), so two robots claiming at once agree on the winner once
 * both messages have arrived; {@code Claim} waits {@link #SETTLE_NS} after its own echo before succeeding.
 *
 * <p>A claim lives while its holder's tree ticks: the board re-publishes it every third of its lease. Others
 * treat it as expired {@code lease_ms} after its last (re)publication arrived, measured on their own clock (no
 * clock sync between robots), and at once when the holder's Last Will ({@code <node path>/state} = {@code offline})
 * arrives, e.g. after {@code kill -9}. MQTT callbacks only queue what arrived; the tick thread applies it at the
 * beginning of each tick, so the tick never blocks and only publishing a claim allocates.
 */
public final class ClaimBoard implements TreeContext.TickScoped {
    /** How long a claimant waits after its own claim came back before it counts as won. */
    static final long SETTLE_NS = 200_000_000L;
    /** The topic prefix of the claims. */
    public static final String PREFIX = "fleet/claims/";

    private final NanoClock clock;
    private final ConcurrentLinkedQueue<Arrival> arrivals = new ConcurrentLinkedQueue<>();
    private final Map<String, Entry> entries = new HashMap<>();
    private final List<Entry> ordered = new ArrayList<>();
    private volatile MqttNode mqtt;
    private String me = "";

    ClaimBoard(NanoClock clock) {
        this.clock = clock;
    }

    /** The board of a tree's context, made on first use (by a {@code Claim} or {@code Release} node at load). */
    static ClaimBoard of(TreeContext context) {
        return context.extension(ClaimBoard.class, () -> new ClaimBoard(context.clock()));
    }

    /**
     * Connects the board of {@code context}, if its tree has Claim/Release nodes, to the node's MQTT connection:
     * subscribes to the claims and to the fleet's state topics. Called once by the runtime after MQTT is up.
     */
    public static void attach(TreeContext context, MqttNode mqtt) {
        ClaimBoard b = context.service(ClaimBoard.class);
        if (b == null || mqtt == null) {
            return;
        }
        b.as(mqtt.path());
        mqtt.newSubscriber("/" + PREFIX + "+", Event.class, Qos.AT_LEAST_ONCE, b::arrived);
        mqtt.newRawSubscriber("/+/+/state", Qos.AT_LEAST_ONCE, (topic, payload, retained) -> {
            if ("offline".equals(new String(payload, StandardCharsets.US_ASCII))) {
                b.holderOffline(topic.substring(0, topic.length() - "/state".length()));
            }
        });
        b.mqtt = mqtt;
    }

    /** IO thread: the node {@code path} said offline (its Last Will after a crash): its claims end at the next tick. */
    void holderOffline(String path) {
        arrivals.add(new Arrival(null, path, 0));
    }

    /** The node path claims are made in (set by {@link #attach}). */
    ClaimBoard as(String nodePath) {
        me = nodePath;
        return this;
    }

    /** IO thread: a claim or release arrived. */
    void arrived(Event e, Envelope env) {
        String[] parts = e.getPayload().toStringUtf8().split(" ", 2);
        String resource = parts[0];
        long leaseMs = "claim".equals(e.getName()) && parts.length > 1 ? Long.parseLong(parts[1].trim()) : 0;
        arrivals.add(new Arrival(resource, env.getSource(), leaseMs));
    }

    /** One message as the IO thread queued it: a claim (lease > 0), a release (lease 0) or, resource null, an offline holder. */
    private record Arrival(String resource, String holder, long leaseMs) {}

    /** The tick thread's view of one resource. */
    static final class Entry {
        final String resource;
        String holder;
        long leaseNs;
        long arrivedNs;
        long confirmedNs = -1;
        boolean mine;
        long publishedNs;
        Publisher<Event> publisher;

        Entry(String resource) {
            this.resource = resource;
        }
    }

    @Override
    public void beginTick() {
        long now = clock.nanoTime();
        Arrival a;
        while ((a = arrivals.poll()) != null) {
            if (a.resource == null) {
                for (int i = 0; i < ordered.size(); i++) {
                    Entry e = ordered.get(i);
                    if (a.holder.equals(e.holder)) {
                        e.holder = null;
                    }
                }
                continue;
            }
            Entry e = entry(a.resource);
            e.holder = a.leaseMs > 0 ? a.holder : null;
            e.leaseNs = a.leaseMs * 1_000_000L;
            e.arrivedNs = now;
            if (me.equals(a.holder) && a.leaseMs > 0) {
                if (e.confirmedNs < 0) {
                    e.confirmedNs = now;
                }
            } else {
                e.confirmedNs = -1;
                if (!me.equals(a.holder)) {
                    e.mine = false; // someone else's claim came after ours: theirs wins
                }
            }
        }
    }

    /** Renews this tree's claims: a claim lives while its tree ticks. */
    @Override
    public void endTick(Blackboard blackboard) {
        long now = clock.nanoTime();
        for (int i = 0; i < ordered.size(); i++) {
            Entry e = ordered.get(i);
            if (e.mine && me.equals(e.holder) && now - e.publishedNs >= e.leaseNs / 3) {
                publish(e, "claim", e.leaseNs / 1_000_000L, now);
            }
        }
    }

    Entry entry(String resource) {
        Entry e = entries.get(resource);
        if (e == null) {
            e = new Entry(resource);
            entries.put(resource, e);
            ordered.add(e);
        }
        return e;
    }

    boolean connected() {
        return mqtt != null;
    }

    /** True when someone else holds {@code e} with a lease that has not run out. */
    boolean heldByOther(Entry e) {
        return e.holder != null && !me.equals(e.holder) && clock.nanoTime() - e.arrivedNs < e.leaseNs;
    }

    /** Publishes this tree's claim of {@code e} with a lease of {@code leaseMs}. */
    void claim(Entry e, long leaseMs) {
        e.mine = true;
        e.confirmedNs = -1;
        e.leaseNs = leaseMs * 1_000_000L;
        publish(e, "claim", leaseMs, clock.nanoTime());
    }

    /** 1 won, 0 still settling, -1 lost (someone else's claim came after ours, or ours never came back). */
    int outcome(Entry e, long startedNs, long timeoutNs) {
        long now = clock.nanoTime();
        if (e.holder != null && !me.equals(e.holder)) {
            e.mine = false;
            return -1;
        }
        if (e.confirmedNs >= 0 && now - e.confirmedNs >= SETTLE_NS) {
            return 1;
        }
        return now - startedNs > timeoutNs ? -1 : 0;
    }

    /** Gives {@code e} up (publishes a retained release) if this tree holds it. */
    void release(Entry e) {
        if (e.mine) {
            e.mine = false;
            e.confirmedNs = -1;
            publish(e, "release", 0, clock.nanoTime());
        }
    }

    boolean holds(Entry e) {
        return e.mine && me.equals(e.holder);
    }

    private void publish(Entry e, String name, long leaseMs, long now) {
        MqttNode n = mqtt;
        if (n == null) {
            return;
        }
        if (e.publisher == null) {
            e.publisher = n.newPublisher("/" + PREFIX + e.resource, Event.class, Qos.AT_LEAST_ONCE, true);
        }
        String body = leaseMs > 0 ? e.resource + " " + leaseMs : e.resource;
        e.publisher.publish(Event.newBuilder().setName(name).setPayload(ByteString.copyFromUtf8(body)).build());
        e.publishedNs = now;
    }
}

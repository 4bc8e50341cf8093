package io.canopy.launch.remote;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import io.canopy.bt.Blackboard;
import io.canopy.bt.Entry;
import io.canopy.hardware.health.LinkHealth;
import io.canopy.launch.plan.RemotePlan;
import io.canopy.messaging.MessageListener;
import io.canopy.messaging.MqttNode;
import io.canopy.messaging.Publisher;
import io.canopy.messaging.Qos;
import io.canopy.messaging.RawListener;
import io.canopy.proto.Envelope;
import io.canopy.proto.remote.Cancel;
import io.canopy.proto.remote.Feedback;
import io.canopy.proto.remote.Goal;
import io.canopy.proto.remote.Result;
import io.canopy.tick.Event;
import io.canopy.tick.EventKind;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One {@code <remote>} at run time: the topics of one remote type and the state the tick reads. The MQTT thread
 * turns each result, feedback and worker status into an inbox event; the node's inbound router sets the matching
 * private entry on the tick thread ({@link Host#route}); each {@link RemoteAction} (one per tree node of the type,
 * a <em>slot</em>) reads its entries. Goals and cancels go from the tick thread to the outbox and are published on
 * the outbox's IO thread. A goal id carries its slot in its low 16 bits, so a result finds its node without a map.
 */
final class RemoteLink {
    private static final Logger LOG = LoggerFactory.getLogger(RemoteLink.class);
    /** Worker states as entry values (compared by reference on the tick thread). */
    static final String ONLINE = "online";
    static final String OFFLINE = "offline";
    static final String GOAL = Goal.getDescriptor().getFullName();
    static final String FEEDBACK = Feedback.getDescriptor().getFullName();
    static final String RESULT = Result.getDescriptor().getFullName();
    static final String CANCEL = Cancel.getDescriptor().getFullName();
    static final int MAX_SLOTS = 1 << 16;

    final RemotePlan plan;
    private final RemoteNodes.Host host;
    /** Outbox keys: one String object each, compared by reference. */
    private final String goalKey;
    private final String cancelKey;
    private final String workerKey;
    /** The worker's last status ({@link #ONLINE}, {@link #OFFLINE}; empty until heard); set on the tick thread. */
    final Entry worker;
    /** Set at every {@code offline} heard (its sequence counts them): an offline followed by a quick online in one tick is not missed. */
    final Entry offlines;
    private final String offlineKey;
    private final Blackboard board = Blackboard.create();
    private volatile Slot[] slots = new Slot[0];
    private volatile Publisher<io.canopy.proto.Event> goals;
    private volatile Publisher<io.canopy.proto.Event> cancels;
    /** Tick thread: the next goal number (a random start, so goals of two runs of the process differ). */
    private long nextGoal = ThreadLocalRandom.current().nextLong(1, 1L << 31);
    /** Tick thread's event for the outbox. */
    private final Event out = new Event(0);
    /** MQTT thread's event for the inbox. */
    private final Event in = new Event(0);
    private final Set<String> warned = ConcurrentHashMap.newKeySet();
    /** The worker gone offline (its last will, or its own word) and back online, told in the node's one format. */
    final LinkHealth health;

    RemoteLink(RemotePlan plan, RemoteNodes.Host host) {
        this.plan = plan;
        this.host = host;
        this.health = new LinkHealth(plan.type(), "remote worker", "its actions fail until it is back", host.clock());
        this.goalKey = new String("remote " + plan.type() + " goal -> " + plan.topic() + "/goal");
        this.cancelKey = new String("remote " + plan.type() + " cancel -> " + plan.topic() + "/cancel");
        this.workerKey = new String("remote " + plan.type() + " <- " + plan.topic() + "/worker");
        this.worker = board.entry("worker");
        host.route().accept(workerKey, worker);
        this.offlineKey = new String("remote " + plan.type() + " <- " + plan.topic() + "/worker (offline)");
        this.offlines = board.entry("offlines");
        host.route().accept(offlineKey, offlines);
        host.onOutbox().accept(goalKey, this::publishGoal);
        host.onOutbox().accept(cancelKey, this::publishCancel);
    }

    /** One node's result and feedback entries, routed from the inbox under its own keys. */
    static final class Slot {
        final int index;
        final Entry result;
        final Entry feedback;
        final String resultKey;
        final String feedbackKey;

        Slot(int index, Entry result, Entry feedback, String resultKey, String feedbackKey) {
            this.index = index;
            this.result = result;
            this.feedback = feedback;
            this.resultKey = resultKey;
            this.feedbackKey = feedbackKey;
        }
    }

    /** Load time (a {@link RemoteAction} being built): a new slot. */
    synchronized Slot newSlot(String nodeName) {
        Slot[] s = slots;
        if (s.length == MAX_SLOTS) {
            throw new IllegalStateException("more than " + MAX_SLOTS + " nodes of remote type '" + plan.type() + "'");
        }
        int i = s.length;
        Slot slot = new Slot(i, board.entry("result." + i), board.entry("feedback." + i),
                new String("remote " + plan.type() + " result #" + i + " (" + nodeName + ") <- " + plan.topic() + "/result"),
                new String("remote " + plan.type() + " feedback #" + i + " (" + nodeName + ") <- " + plan.topic() + "/feedback"));
        host.route().accept(slot.resultKey, slot.result);
        host.route().accept(slot.feedbackKey, slot.feedback);
        Slot[] grown = Arrays.copyOf(s, i + 1);
        grown[i] = slot;
        slots = grown;
        return slot;
    }

    /** Tick thread: a fresh goal id for {@code slot}. */
    long nextGoalId(Slot slot) {
        return (nextGoal++ << 16) | slot.index;
    }

    /** Tick thread: hands {@code goal} to the outbox; false when the outbox is full. */
    boolean sendGoal(Goal goal, long nowNs) {
        return offer(goalKey, goal, nowNs);
    }

    /** Tick thread: asks the outbox to publish a cancel of {@code goal}; false when the outbox is full. */
    boolean cancel(Goal goal, long nowNs) {
        return offer(cancelKey, goal, nowNs);
    }

    private boolean offer(String key, Goal goal, long nowNs) {
        out.set(EventKind.COMMAND, key, nowNs).attachment(goal);
        boolean ok = host.outbox().offer(out);
        out.attachment(null);
        return ok;
    }

    // ------------------------------------------------------------------ IO threads

    void connect(MqttNode mqtt) {
        String t = "/" + plan.topic();
        goals = mqtt.newPublisher(t + "/goal", io.canopy.proto.Event.class, Qos.AT_LEAST_ONCE, false);
        cancels = mqtt.newPublisher(t + "/cancel", io.canopy.proto.Event.class, Qos.AT_LEAST_ONCE, false);
        mqtt.newSubscriber(t + "/result", Envelope.class, Qos.AT_LEAST_ONCE, (MessageListener<Envelope>) this::onResult);
        mqtt.newSubscriber(t + "/feedback", Envelope.class, Qos.AT_MOST_ONCE, (MessageListener<Envelope>) this::onFeedback);
        mqtt.newRawSubscriber(t + "/worker", Qos.AT_LEAST_ONCE, (RawListener) this::onWorker);
    }

    /** Outbox thread. */
    private void publishGoal(Event e) {
        Goal g = (Goal) e.attachment();
        Publisher<io.canopy.proto.Event> p = goals;
        if (p == null) {
            warnOnce("nomqtt", "remote {} on {}: no MQTT connection; goal {} not sent", plan.type(), plan.topic(), g.getGoalId());
            return;
        }
        p.publish(io.canopy.proto.Event.newBuilder().setName(GOAL).setPayload(g.toByteString()).build());
    }

    /** Outbox thread. */
    private void publishCancel(Event e) {
        Goal g = (Goal) e.attachment();
        Publisher<io.canopy.proto.Event> p = cancels;
        if (p == null) {
            return;
        }
        p.publish(io.canopy.proto.Event.newBuilder().setName(CANCEL).setPayload(Cancel.newBuilder()
                .setGoalId(g.getGoalId()).setReason("halted by the tree").build().toByteString()).build());
    }

    /** MQTT thread. */
    private synchronized void onResult(Envelope envelope, Envelope ignored) {
        Result r = parse(envelope, RESULT, "result");
        if (r == null) {
            return;
        }
        Slot s = slotOf(r.getGoalId());
        if (s != null) {
            toInbox(EventKind.COMMAND, s.resultKey, Reply.of(r));
        }
    }

    /** MQTT thread. */
    private synchronized void onFeedback(Envelope envelope, Envelope ignored) {
        Feedback f = parse(envelope, FEEDBACK, "feedback");
        if (f == null) {
            return;
        }
        Slot s = slotOf(f.getGoalId());
        if (s != null) {
            toInbox(EventKind.SENSOR, s.feedbackKey, Reply.of(f));
        }
    }

    /** MQTT thread: {@code online} / {@code offline} (an empty payload, a cleared retained status, is offline). */
    private synchronized void onWorker(String topic, byte[] payload, boolean retained) {
        String text = new String(payload, StandardCharsets.UTF_8).strip();
        String state = text.equalsIgnoreCase(ONLINE) ? ONLINE : text.isEmpty() || text.equalsIgnoreCase(OFFLINE) ? OFFLINE : null;
        if (state == null) {
            warnOnce("worker:" + text, "remote {}: {} says \"{}\"; a worker status is online or offline (ignored)", plan.type(),
                    topic, text);
            return;
        }
        LOG.debug("remote {}: worker {} on {}{}", plan.type(), state, topic, retained ? " (retained)" : "");
        if (state == OFFLINE) {
            health.lost(topic + " says offline" + (retained ? " (retained)" : ""));
        } else if (!health.back()) {
            LOG.info("remote {}: worker online on {}{}", plan.type(), topic, retained ? " (retained)" : "");
        }
        if (state == OFFLINE) {
            toInbox(EventKind.COMMAND, offlineKey, OFFLINE);
        }
        toInbox(EventKind.COMMAND, workerKey, state);
    }

    private void toInbox(EventKind kind, String key, Object attachment) {
        in.set(kind, key, host.clock().nanoTime()).attachment(attachment);
        host.inbox().offer(in);
        in.attachment(null);
    }

    private Slot slotOf(long goalId) {
        Slot[] s = slots;
        int i = (int) (goalId & (MAX_SLOTS - 1));
        return i < s.length ? s[i] : null;
    }

    @SuppressWarnings("unchecked")
    private <T extends Message> T parse(Envelope envelope, String name, String what) {
        String topic = plan.topic() + "/" + what;
        if (!envelope.hasEvent() || !name.equals(envelope.getEvent().getName())) {
            warnOnce("shape:" + what, "remote {}: a message on {} is not an Event named {} (body {}{}); ignored", plan.type(),
                    topic, name, envelope.getBodyCase(), envelope.hasEvent() ? " '" + envelope.getEvent().getName() + "'" : "");
            return null;
        }
        try {
            return (T) (what.equals("result") ? Result.parseFrom(envelope.getEvent().getPayload())
                    : Feedback.parseFrom(envelope.getEvent().getPayload()));
        } catch (InvalidProtocolBufferException e) {
            warnOnce("parse:" + what, "remote {}: the payload of an Event on {} is not a {}: {}; ignored", plan.type(), topic,
                    name, e.getMessage());
            return null;
        }
    }

    private void warnOnce(String key, String format, Object... args) {
        if (warned.add(key)) {
            LOG.warn(format + " (further ones are not logged)", args);
        }
    }

    /** Tick thread: logs why a node of this type failed (rare: allocation is fine here). */
    void failed(String nodeName, String reason) {
        LOG.warn("remote action '{}' ({} on {}) failed: {}", nodeName, plan.type(), plan.topic(), reason);
    }
}

package io.canopy.launch.route;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import io.canopy.bt.Blackboard;
import io.canopy.bt.Entry;
import io.canopy.expr.ValueKind;
import io.canopy.hardware.device.MotorController;
import io.canopy.launch.plan.BindPlan;
import io.canopy.launch.plan.MotorPlan;
import io.canopy.launch.plan.NodePlan;
import io.canopy.launch.run.Failsafe;
import io.canopy.launch.run.LinkRuntime;
import io.canopy.launch.run.Mqtt;
import io.canopy.launch.run.NodeCycle;
import io.canopy.messaging.MessageListener;
import io.canopy.messaging.MqttNode;
import io.canopy.messaging.Publisher;
import io.canopy.messaging.Qos;
import io.canopy.messaging.RawListener;
import io.canopy.proto.Envelope;
import io.canopy.tick.Event;
import io.canopy.tick.EventKind;
import io.canopy.tick.EventQueue;
import io.canopy.tick.NanoClock;
import io.canopy.tick.TickListener;
import io.canopy.tick.Ticker;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Installs compiled {@link Binding}s into a node's route tables: the link taps (serial in), the inbound
 * router (inbox to blackboard and bus), the bus's outgoing names and the outbox actions (out to MQTT and
 * serial), and the act and output phases of the timers' {@link NodeCycle}s. Load time only.
 */
public final class Wiring {
    private final NodePlan plan;
    private final MqttNode mqtt;
    private final Ticker ticker;
    private final Blackboard blackboard;
    private final InboundRouter router;
    private final EventBus bus;
    private final Outbound outbound;
    private final Map<String, LinkRuntime> links;
    private final Failsafe failsafe;
    private final Map<String, MessageTap> taps;
    private final Map<String, NodeCycle.Builder> cycles;

    /** {@code mqtt} is null for a node without MQTT (its loader refused MQTT bindings). */
    public Wiring(NodePlan plan, MqttNode mqtt, Ticker ticker, Blackboard blackboard, InboundRouter router, EventBus bus, Outbound outbound,
            Map<String, LinkRuntime> links, Failsafe failsafe, Map<String, MessageTap> taps, Map<String, NodeCycle.Builder> cycles) {
        this.plan = plan;
        this.mqtt = mqtt;
        this.ticker = ticker;
        this.blackboard = blackboard;
        this.router = router;
        this.bus = bus;
        this.outbound = outbound;
        this.links = links;
        this.failsafe = failsafe;
        this.taps = taps;
        this.cycles = cycles;
    }

    /** Compiles the plan's {@code <bind>}s in launch-file order into {@code routes} and installs each. */
    public void installAll(List<Binding> routes) {
        String firstTimer = plan.timers().isEmpty() ? null : plan.timers().get(0).name();
        bus.drops(outbound.drops);
        for (MessageTap tap : taps.values()) {
            tap.drops(outbound.drops);
        }
        for (NodeCycle.Builder c : cycles.values()) {
            c.output.add(nowNs -> bus.flush()); // events the outbox had no room for go out in the next tick
        }
        int index = 0;
        for (BindPlan b : plan.binds()) {
            Binding route = Binding.compile(b, index++, firstTimer);
            routes.add(route);
            route.install(this);
        }
    }

    private static Qos qos(int qos) {
        return qos == 0 ? Qos.AT_MOST_ONCE : Qos.AT_LEAST_ONCE;
    }

    private static FieldDescriptor field(Envelope.BodyCase body, String field) {
        if (field == null) {
            return null;
        }
        FieldDescriptor f = Envelope.getDescriptor().findFieldByNumber(body.getNumber());
        return f.getMessageType().findFieldByName(field);
    }

    private NodeCycle.Builder cycle(String timer) {
        NodeCycle.Builder c = cycles.get(timer);
        if (c == null) {
            throw new IllegalStateException("timer '" + timer + "' was checked by the loader but is missing");
        }
        return c;
    }

    void serialToMqtt(Binding.SerialToMqtt b) {
        Publisher<Envelope> p = mqtt.newPublisher(Mqtt.absolute(b.topic()), Envelope.class, qos(b.qos()), b.retain());
        taps.get(b.link()).add(new MessageTap.Tap(b.body(), b.id(), null, false, b.key(), EventKind.SENSOR, p));
    }

    void serialToBlackboard(Binding.SerialToBlackboard b) {
        FieldDescriptor f = field(b.body(), b.field());
        taps.get(b.link()).add(new MessageTap.Tap(b.body(), b.id(), f, false, b.key(), EventKind.SENSOR, null));
        Entry entry = blackboard.entry(b.entry(), f == null ? null : ValueKind.DOUBLE);
        if (f != null && !entry.hasValue()) {
            entry.setDouble(Double.NaN); // "no reading yet": every comparison with it is false
        }
        router.toBlackboard(b.key(), entry);
    }

    void serialToEvent(Binding.SerialToEvent b) {
        FieldDescriptor f = field(b.body(), b.field());
        taps.get(b.link()).add(new MessageTap.Tap(b.body(), b.id(), f, true, b.key(), EventKind.SENSOR, null));
        router.toEvent(b.key(), b.event());
    }

    void mqttToEvent(Binding.MqttToEvent b) {
        router.toEvent(b.key(), b.event());
        if (b.text()) {
            mqtt.newRawSubscriber(Mqtt.absolute(b.topic()), qos(b.qos()),
                    new TextToInbox(ticker.inbox(), ticker.clock(), b.key(), outbound.drops));
            return;
        }
        mqtt.newSubscriber(Mqtt.absolute(b.topic()), Envelope.class, qos(b.qos()),
                new MqttToInbox(ticker.inbox(), ticker.clock(), b.key(), false, outbound.drops));
    }

    void mqttToBlackboard(Binding.MqttToBlackboard b) {
        router.toBlackboard(b.key(), blackboard.entry(b.entry()));
        if (b.text()) {
            mqtt.newRawSubscriber(Mqtt.absolute(b.topic()), qos(b.qos()),
                    new TextToInbox(ticker.inbox(), ticker.clock(), b.key(), outbound.drops));
            return;
        }
        mqtt.newSubscriber(Mqtt.absolute(b.topic()), Envelope.class, qos(b.qos()),
                new MqttToInbox(ticker.inbox(), ticker.clock(), b.key(), true, outbound.drops));
    }

    void eventToMqtt(Binding.EventToMqtt b) {
        bus.addOutgoing(b.event(), b.key());
        Publisher<io.canopy.proto.Event> p =
                mqtt.newPublisher(Mqtt.absolute(b.topic()), io.canopy.proto.Event.class, qos(b.qos()), b.retain());
        String name = b.event();
        outbound.on(b.key(), e -> p.publish(io.canopy.proto.Event.newBuilder().setName(name)
                .setPayload(Outbound.payload(e.attachment(), e.value())).build()));
    }

    void eventToSerial(Binding.EventToSerial b) {
        bus.addOutgoing(b.event(), b.key());
        LinkRuntime link = links.get(b.link());
        String name = b.event();
        String source = plan.fullName();
        outbound.on(b.key(), e -> link.link.send(Envelope.newBuilder().setSource(source)
                .setStampNs(e.timestampNs())
                .setEvent(io.canopy.proto.Event.newBuilder().setName(name)
                        .setPayload(Outbound.payload(e.attachment(), e.value())))
                .build()));
    }

    void blackboardToMqtt(Binding.BlackboardToMqtt b) {
        Entry entry = blackboard.entry(b.entry());
        Publisher<io.canopy.proto.Event> p =
                mqtt.newPublisher(Mqtt.absolute(b.topic()), io.canopy.proto.Event.class, qos(b.qos()), b.retain());
        String name = b.entry();
        outbound.on(b.key(), e -> p.publish(io.canopy.proto.Event.newBuilder().setName(name)
                .setPayload(Outbound.payload(e.attachment(), e.value())).build()));
        if (b.timer() != null) {
            cycle(b.timer()).output.add(new EntryPublisher(entry, b.key(), b.onChange(), outbound.queue));
        }
    }

    void blackboardToMotor(Binding.BlackboardToMotor b) {
        Entry entry = blackboard.entry(b.entry());
        MotorPlan mp = plan.motor(b.motor());
        MotorController c = links.get(mp.link()).motors;
        cycle(b.timer()).act.add(new EntryToMotor(entry, c, mp.motorId(), b.target()));
        failsafe.watchCommands("blackboard:" + b.entry() + " -> motor:" + b.motor(), new Entry[] {entry},
                new MotorController[] {c});
    }

    /**
     * An MQTT subscription into the inbox (the connection's IO thread), stamped by the node's clock; waits for room
     * in the inbox ({@link InboxFeed}), so the message is acknowledged to the broker only once the node has it.
     */
    private static final class MqttToInbox implements MessageListener<Envelope> {
        private final EventQueue inbox;
        private final NanoClock clock;
        private final String key;
        private final boolean toBlackboard;
        private final Drops drops;
        private final Event scratch = new Event(0);

        MqttToInbox(EventQueue inbox, NanoClock clock, String key, boolean toBlackboard, Drops drops) {
            this.inbox = inbox;
            this.clock = clock;
            this.key = key;
            this.toBlackboard = toBlackboard;
            this.drops = drops;
        }

        @Override
        public synchronized void onMessage(Envelope message, Envelope envelope) {
            scratch.set(EventKind.COMMAND, key, clock.nanoTime());
            Message body = MessageTap.bodyOf(envelope);
            if (toBlackboard && envelope.hasEvent()) {
                String text = envelope.getEvent().getPayload().toString(StandardCharsets.UTF_8).strip();
                try {
                    scratch.value(Double.parseDouble(text));
                } catch (NumberFormatException e) {
                    scratch.attachment(text);
                }
            } else {
                scratch.attachment(new ProtoData(body));
                if (envelope.hasEvent()) { // a number in the payload is the event's value (a tree's ConsumeEvent value)
                    scratch.value(number(envelope.getEvent().getPayload().toString(StandardCharsets.UTF_8).strip()));
                }
            }
            InboxFeed.offer(inbox, scratch, drops);
            scratch.attachment(null);
        }
    }

    /**
     * A plain-text MQTT subscription ({@code payload="text"}) into the inbox: a number is the event's value (and
     * a blackboard entry's number), any other text its data (a string entry).
     */
    private static final class TextToInbox implements RawListener {
        private final EventQueue inbox;
        private final NanoClock clock;
        private final String key;
        private final Drops drops;
        private final Event scratch = new Event(0);

        TextToInbox(EventQueue inbox, NanoClock clock, String key, Drops drops) {
            this.inbox = inbox;
            this.clock = clock;
            this.key = key;
            this.drops = drops;
        }

        @Override
        public synchronized void onMessage(String topic, byte[] payload, boolean retained) {
            String text = new String(payload, StandardCharsets.UTF_8).strip();
            scratch.set(EventKind.COMMAND, key, clock.nanoTime());
            try {
                scratch.value(Double.parseDouble(text));
            } catch (NumberFormatException e) {
                scratch.attachment(text);
            }
            InboxFeed.offer(inbox, scratch, drops);
            scratch.attachment(null);
        }
    }

    /** The number in an event's payload text, 0 when it is not one. */
    private static double number(String text) {
        if (text.isEmpty()) {
            return 0;
        }
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** A blackboard entry published on change (checked each tick) or at its timer's rate (output phase). */
    private static final class EntryPublisher implements TickListener {
        private final Entry entry;
        private final String key;
        private final boolean onChange;
        private final EventQueue outbox;
        private final Event scratch = new Event(0);
        private long lastSequence = -1;

        EntryPublisher(Entry entry, String key, boolean onChange, EventQueue outbox) {
            this.entry = entry;
            this.key = key;
            this.onChange = onChange;
            this.outbox = outbox;
        }

        @Override
        public void onTick(long nowNs) {
            if (!entry.hasValue() || (onChange && entry.sequence() == lastSequence)) {
                return;
            }
            lastSequence = entry.sequence();
            scratch.set(EventKind.SENSOR, key, nowNs);
            ValueKind k = entry.kind();
            if (k == ValueKind.DOUBLE || k == ValueKind.LONG || k == ValueKind.BOOLEAN) {
                scratch.value(entry.doubleValue());
            } else {
                scratch.attachment(entry.objectValue());
            }
            outbox.offer(scratch);
            scratch.attachment(null);
        }
    }

    /** A blackboard number as a motor set-point, at its timer's rate (act phase). */
    private static final class EntryToMotor implements TickListener {
        private final Entry entry;
        private final MotorController motors;
        private final int motor;
        private final String target;

        EntryToMotor(Entry entry, MotorController motors, int motor, String target) {
            this.entry = entry;
            this.motors = motors;
            this.motor = motor;
            this.target = target;
        }

        @Override
        public void onTick(long nowNs) {
            if (!entry.hasValue()) {
                return;
            }
            double v = entry.doubleValue();
            switch (target) {
                case "position" -> motors.setPosition(motor, v);
                case "effort" -> motors.setEffort(motor, v);
                default -> motors.setVelocity(motor, v);
            }
        }
    }
}

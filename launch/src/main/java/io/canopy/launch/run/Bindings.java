package io.canopy.launch.run;

import com.google.protobuf.Descriptors.FieldDescriptor;
import io.canopy.bt.Entry;
import io.canopy.expr.ValueKind;
import io.canopy.hardware.device.MotorController;
import io.canopy.launch.BindPlan;
import io.canopy.launch.Endpoint;
import io.canopy.launch.MotorPlan;
import io.canopy.messaging.MessageListener;
import io.canopy.messaging.Publisher;
import io.canopy.messaging.Qos;
import io.canopy.proto.Envelope;
import io.canopy.tick.Event;
import io.canopy.tick.EventKind;
import io.canopy.tick.EventQueue;
import io.canopy.tick.TickListener;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** Wires each {@code <bind>} of a node to the pieces that carry it out. */
final class Bindings {
    private Bindings() {}

    static void wire(NodeRuntime n, Map<String, MessageTap> taps) {
        int index = 0;
        for (BindPlan b : n.plan.binds()) {
            String key = ("bind#" + index++ + " " + b.from().text() + " -> " + b.to().text()).intern();
            Qos qos = b.qos() == 0 ? Qos.AT_MOST_ONCE : Qos.AT_LEAST_ONCE;
            Endpoint from = b.from();
            Endpoint to = b.to();
            if (from instanceof Endpoint.Message m) {
                FieldDescriptor body = Envelope.getDescriptor().findFieldByName(snake(m.messageType()));
                Envelope.BodyCase bodyCase = Envelope.BodyCase.forNumber(body.getNumber());
                FieldDescriptor field = m.field() == null ? null : body.getMessageType().findFieldByName(m.field());
                MessageTap tap = taps.get(m.link());
                if (to instanceof Endpoint.Mqtt t) {
                    Publisher<Envelope> p = n.mqtt.newPublisher(Mqtt.absolute(t.topic()), Envelope.class, qos, b.retain());
                    tap.add(new MessageTap.Tap(bodyCase, m.sensorId(), null, false, key, EventKind.SENSOR, p));
                } else if (to instanceof Endpoint.Blackboard t) {
                    tap.add(new MessageTap.Tap(bodyCase, m.sensorId(), field, false, key, EventKind.SENSOR, null));
                    Entry entry = n.blackboard.entry(t.key(), field == null ? null : ValueKind.DOUBLE);
                    if (field != null && !entry.hasValue()) {
                        entry.setDouble(Double.NaN); // "no reading yet": every comparison with it is false
                    }
                    n.router.toBlackboard(key, entry);
                } else if (to instanceof Endpoint.Event t) {
                    tap.add(new MessageTap.Tap(bodyCase, m.sensorId(), field, true, key, EventKind.SENSOR, null));
                    n.router.toEvent(key, t.name());
                }
            } else if (from instanceof Endpoint.Mqtt f) {
                Entry entry = to instanceof Endpoint.Blackboard t ? n.blackboard.entry(t.key()) : null;
                if (to instanceof Endpoint.Event t) {
                    n.router.toEvent(key, t.name());
                } else {
                    n.router.toBlackboard(key, entry);
                }
                n.mqtt.newSubscriber(Mqtt.absolute(f.topic()), Envelope.class, qos,
                        new MqttToInbox(n.ticker.inbox(), key, entry != null));
            } else if (from instanceof Endpoint.Event f) {
                n.bus.addOutgoing(f.name(), key);
                if (to instanceof Endpoint.Mqtt t) {
                    Publisher<io.canopy.proto.Event> p =
                            n.mqtt.newPublisher(Mqtt.absolute(t.topic()), io.canopy.proto.Event.class, qos, b.retain());
                    String name = f.name();
                    n.outbound.on(key, e -> p.publish(io.canopy.proto.Event.newBuilder().setName(name)
                            .setPayload(Outbound.payload(e.attachment(), e.value())).build()));
                } else if (to instanceof Endpoint.Message t) {
                    LinkRuntime link = n.links.get(t.link());
                    String name = f.name();
                    String source = n.plan.fullName();
                    n.outbound.on(key, e -> link.link.send(Envelope.newBuilder().setSource(source)
                            .setStampNs(System.currentTimeMillis() * 1_000_000L)
                            .setEvent(io.canopy.proto.Event.newBuilder().setName(name)
                                    .setPayload(Outbound.payload(e.attachment(), e.value())))
                            .build()));
                }
            } else if (from instanceof Endpoint.Blackboard f) {
                Entry entry = n.blackboard.entry(f.key());
                if (to instanceof Endpoint.Mqtt t) {
                    Publisher<io.canopy.proto.Event> p =
                            n.mqtt.newPublisher(Mqtt.absolute(t.topic()), io.canopy.proto.Event.class, qos, b.retain());
                    String name = f.key();
                    n.outbound.on(key, e -> p.publish(io.canopy.proto.Event.newBuilder().setName(name)
                            .setPayload(Outbound.payload(e.attachment(), e.value())).build()));
                    String timer = b.timer() != null ? b.timer() : n.plan.timers().isEmpty() ? null : n.plan.timers().get(0).name();
                    if (timer != null) {
                        n.timer(timer).addListener(new EntryPublisher(entry, key, b.timer() == null, n.outbound.queue));
                    }
                } else if (to instanceof Endpoint.Motor t) {
                    MotorPlan mp = n.plan.motor(t.motor());
                    MotorController c = n.links.get(mp.link()).motors;
                    n.timer(b.timer()).addListener(new EntryToMotor(entry, c, mp.motorId(), t.target()));
                }
            }
        }
    }

    /** {@code RangeReading} → {@code range_reading}: the Envelope field of a body type. */
    static String snake(String type) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < type.length(); i++) {
            char c = type.charAt(i);
            if (Character.isUpperCase(c) && i > 0) {
                b.append('_');
            }
            b.append(Character.toLowerCase(c));
        }
        return b.toString();
    }

    /** An MQTT subscription into the inbox (the connection's IO thread). */
    private static final class MqttToInbox implements MessageListener<Envelope> {
        private final EventQueue inbox;
        private final String key;
        private final boolean toBlackboard;
        private final Event scratch = new Event(0);

        MqttToInbox(EventQueue inbox, String key, boolean toBlackboard) {
            this.inbox = inbox;
            this.key = key;
            this.toBlackboard = toBlackboard;
        }

        @Override
        public synchronized void onMessage(Envelope message, Envelope envelope) {
            scratch.set(EventKind.COMMAND, key, System.nanoTime());
            com.google.protobuf.Message body = MessageTap.bodyOf(envelope);
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
            inbox.offer(scratch);
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

    /** A blackboard entry published on change (checked each tick) or at its timer's rate (tick thread). */
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
        }
    }

    /** A blackboard number as a motor set-point, at its timer's rate (tick thread). */
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

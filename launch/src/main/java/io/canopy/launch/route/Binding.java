package io.canopy.launch.route;

import io.canopy.launch.plan.BindPlan;
import io.canopy.launch.plan.Endpoint;
import io.canopy.launch.run.Mqtt;
import io.canopy.launch.run.NodeCycle;
import io.canopy.proto.Envelope;

/**
 * One {@code <bind>}, compiled at load from its {@link BindPlan}: one record per kind of route between the
 * outside (serial messages, MQTT topics) and the tick (blackboard entries, the event bus, motor set-points).
 * {@link #compile} is the only place that looks at the two endpoints' kinds; {@link Wiring} installs each
 * record into the route tables ({@link MessageTap} per link, {@link InboundRouter}, {@link EventBus},
 * {@link Outbound}, the timers' {@link NodeCycle}s). {@code key} is the route's identity on the inbox and
 * the outbox: one String object per route, compared by reference.
 */
public sealed interface Binding {
    /** The route's identity (made once per route at load; never interned, never built on the tick path). */
    String key();

    void install(Wiring w);

    /** A link's messages (or one field of them) published on an MQTT topic by the link's reader thread. */
    record SerialToMqtt(String key, String link, Envelope.BodyCase body, int id, String topic, int qos, boolean retain)
            implements Binding {
        public void install(Wiring w) {
            w.serialToMqtt(this);
        }
    }

    /** A link's messages (the whole message, or a number field) into a blackboard entry. */
    record SerialToBlackboard(String key, String link, Envelope.BodyCase body, int id, String field, String entry)
            implements Binding {
        public void install(Wiring w) {
            w.serialToBlackboard(this);
        }
    }

    /** A link's messages raised as an event on the bus (the field's number is the event's value and data). */
    record SerialToEvent(String key, String link, Envelope.BodyCase body, int id, String field, String event)
            implements Binding {
        public void install(Wiring w) {
            w.serialToEvent(this);
        }
    }

    /**
     * An MQTT topic's messages raised as an event on the bus: Envelopes, or with {@code text} plain UTF-8 text (the
     * text is the event's data, a number in it also its value).
     */
    record MqttToEvent(String key, String topic, int qos, boolean text, String event) implements Binding {
        public void install(Wiring w) {
            w.mqttToEvent(this);
        }
    }

    /** An MQTT topic's messages into a blackboard entry (an Event's payload as a number or text, else the message). */
    record MqttToBlackboard(String key, String topic, int qos, boolean text, String entry) implements Binding {
        public void install(Wiring w) {
            w.mqttToBlackboard(this);
        }
    }

    /** An event of the bus published as an {@code Event} message on an MQTT topic. */
    record EventToMqtt(String key, String event, String topic, int qos, boolean retain) implements Binding {
        public void install(Wiring w) {
            w.eventToMqtt(this);
        }
    }

    /** An event of the bus sent as an {@code Event} message on a serial link. */
    record EventToSerial(String key, String event, String link) implements Binding {
        public void install(Wiring w) {
            w.eventToSerial(this);
        }
    }

    /**
     * A blackboard entry published on MQTT: on change (checked each tick of the node's first timer) or, with
     * {@code timer}, at that timer's rate.
     */
    record BlackboardToMqtt(String key, String entry, String topic, int qos, boolean retain, String timer, boolean onChange)
            implements Binding {
        public void install(Wiring w) {
            w.blackboardToMqtt(this);
        }
    }

    /** A blackboard number as a motor set-point at {@code timer}'s rate; a command source for the failsafe. */
    record BlackboardToMotor(String key, String entry, String motor, String target, String timer) implements Binding {
        public void install(Wiring w) {
            w.blackboardToMotor(this);
        }
    }

    /**
     * Compiles one {@code <bind>} (checked by the launch loader) into its route. {@code index} numbers the
     * node's binds and names the route in logs.
     */
    static Binding compile(BindPlan b, int index, String firstTimer) {
        String key = new String("bind#" + index + " " + b.from().text() + " -> " + b.to().text());
        Endpoint from = b.from();
        Endpoint to = b.to();
        if (from instanceof Endpoint.Message m) {
            Envelope.BodyCase body = bodyCase(m.messageType());
            if (to instanceof Endpoint.Mqtt t) {
                return new SerialToMqtt(key, m.link(), body, m.sensorId(), t.topic(), b.qos(), b.retain());
            }
            if (to instanceof Endpoint.Blackboard t) {
                return new SerialToBlackboard(key, m.link(), body, m.sensorId(), m.field(), t.key());
            }
            if (to instanceof Endpoint.Event t) {
                return new SerialToEvent(key, m.link(), body, m.sensorId(), m.field(), t.name());
            }
        } else if (from instanceof Endpoint.Mqtt f) {
            if (to instanceof Endpoint.Event t) {
                return new MqttToEvent(key, f.topic(), b.qos(), b.textPayload(), t.name());
            }
            if (to instanceof Endpoint.Blackboard t) {
                return new MqttToBlackboard(key, f.topic(), b.qos(), b.textPayload(), t.key());
            }
        } else if (from instanceof Endpoint.Event f) {
            if (to instanceof Endpoint.Mqtt t) {
                return new EventToMqtt(key, f.name(), t.topic(), b.qos(), b.retain());
            }
            if (to instanceof Endpoint.Message t) {
                return new EventToSerial(key, f.name(), t.link());
            }
        } else if (from instanceof Endpoint.Blackboard f) {
            if (to instanceof Endpoint.Mqtt t) {
                String timer = b.timer() != null ? b.timer() : firstTimer;
                return new BlackboardToMqtt(key, f.key(), t.topic(), b.qos(), b.retain(), timer, b.timer() == null);
            }
            if (to instanceof Endpoint.Motor t) {
                return new BlackboardToMotor(key, f.key(), t.motor(), t.target(), b.timer());
            }
        }
        throw new IllegalStateException(b.source() + ": <bind from=\"" + from.text() + "\" to=\"" + to.text()
                + "\"> passed the loader but has no route; this is a bug in Canopy");
    }

    /** {@code RangeReading} → the Envelope body case {@code RANGE_READING}. */
    static Envelope.BodyCase bodyCase(String type) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < type.length(); i++) {
            char c = type.charAt(i);
            if (Character.isUpperCase(c) && i > 0) {
                b.append('_');
            }
            b.append(Character.toLowerCase(c));
        }
        return Envelope.BodyCase.forNumber(Envelope.getDescriptor().findFieldByName(b.toString()).getNumber());
    }
}

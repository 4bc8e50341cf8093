package io.canopy.launch.read;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import io.canopy.Names;
import io.canopy.launch.plan.BindPlan;
import io.canopy.launch.plan.DiffDrivePlan;
import io.canopy.launch.plan.Endpoint;
import io.canopy.launch.plan.MotorPlan;
import io.canopy.launch.plan.NodePlan;
import io.canopy.launch.plan.SensorPlan;
import io.canopy.launch.plan.SerialPlan;
import io.canopy.launch.plan.TimerPlan;
import io.canopy.proto.Envelope;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads {@code <bind from="KIND:ADDRESS" to="KIND:ADDRESS" timer qos retain>} (see {@link Endpoint} for the
 * address forms) and checks the pair makes sense:
 *
 * <pre>
 *   serial: / sensor: / motor: (readings)  ->  blackboard:, event:, mqtt:
 *   mqtt:                                  ->  event:, blackboard:
 *   event:                                 ->  mqtt:, serial:LINK/Event
 *   blackboard:                            ->  mqtt:, motor:
 * </pre>
 */
public final class BindReader {
    static final String[] ATTRIBUTES = {"from", "to", "timer", "qos", "retain", "payload"};
    static final List<String> SENSOR_TYPES = List.of("RangeReading", "Imu", "BatteryState", "MotorState", "Heartbeat", "DeviceInfo");
    static final List<String> KINDS = List.of("serial", "sensor", "motor", "mqtt", "event", "blackboard");
    private static final Pattern EVENT = Pattern.compile("[A-Za-z0-9_.\\-]+");
    private static final Pattern KEY = Pattern.compile("@?[A-Za-z_][A-Za-z0-9_.]*");
    private static final Pattern TOPIC = Pattern.compile("[^#+\\s]+");
    private static final Pattern FILTER = Pattern.compile("[^\\s]+");
    /** Envelope body message types by name (Event, MotorState, RangeReading, ...). */
    public static final Map<String, Descriptor> BODY_TYPES = new LinkedHashMap<>();

    static {
        for (FieldDescriptor f : Envelope.getDescriptor().getOneofs().get(0).getFields()) {
            BODY_TYPES.put(f.getMessageType().getName(), f.getMessageType());
        }
    }

    private final List<String> errors;
    private final String namespace;
    private final String nodeName;
    private final List<SerialPlan> links;
    private final List<MotorPlan> motors;
    private final List<SensorPlan> sensors;
    private final List<TimerPlan> timers;
    private final List<DiffDrivePlan> drives;

    BindReader(List<String> errors, String namespace, String nodeName, List<SerialPlan> links, List<MotorPlan> motors,
            List<SensorPlan> sensors, List<TimerPlan> timers, List<DiffDrivePlan> drives) {
        this.errors = errors;
        this.namespace = namespace;
        this.nodeName = nodeName;
        this.links = links;
        this.motors = motors;
        this.sensors = sensors;
        this.timers = timers;
        this.drives = drives;
    }

    BindPlan read(ElementReader r) {
        int before = errors.size();
        String fromText = r.required("from", "sensor:front.range_m");
        String toText = r.required("to", "blackboard:front_range");
        Endpoint from = fromText == null ? null : endpoint(r, "from", fromText, false);
        Endpoint to = toText == null ? null : endpoint(r, "to", toText, true);
        String timer = r.name("timer", null, false);
        int qos = (int) r.integer("qos", to instanceof Endpoint.Mqtt || from instanceof Endpoint.Mqtt ? 1 : 0, 0, 1, "an MQTT QoS");
        boolean retain = r.bool("retain", false);
        String payload = r.choice("payload", "envelope", "envelope", "text");
        if (from == null || to == null || errors.size() > before) {
            return null;
        }
        if (!allowed(from, to)) {
            r.error("cannot bind " + from.text() + " to " + to.text() + "; " + kind(from) + ": can go to " + targets(from));
            return null;
        }
        if (from instanceof Endpoint.Message m && m.field() != null && to instanceof Endpoint.Mqtt) {
            r.error("attribute 'from': a field (." + m.field() + ") applies only when the target is blackboard:KEY or event:NAME; "
                    + to.text() + " takes the whole message, so drop ." + m.field());
            return null;
        }
        if (to instanceof Endpoint.Motor mt) {
            for (DiffDrivePlan d : drives) {
                if (d.left().equals(mt.motor()) || d.right().equals(mt.motor())) {
                    r.error("motor '" + mt.motor() + "' is driven by <diffdrive name=\"" + d.name()
                            + "\">; set blackboard cmd_v and cmd_w instead of binding the motor");
                    return null;
                }
            }
        }
        if (timer != null) {
            if (!(from instanceof Endpoint.Blackboard)) {
                r.error("attribute 'timer' applies only to a blackboard: source (publish or command at that timer's rate); remove it");
                return null;
            }
            if (timers.stream().noneMatch(t -> t.name().equals(timer))) {
                r.error("attribute 'timer': no <timer> named '" + timer + "' in this node"
                        + Names.suggestion(timer, timers.stream().map(TimerPlan::name).toList()));
                return null;
            }
        }
        String effectiveTimer = timer;
        if (to instanceof Endpoint.Motor && timer == null) {
            if (timers.isEmpty()) {
                r.error("a motor command is refreshed on a timer, and this node has none; add <timer name=\"control\" hz=\"50\"/>");
                return null;
            }
            effectiveTimer = timers.get(0).name();
        }
        if (!(to instanceof Endpoint.Mqtt) && r.has("retain")) {
            r.error("attribute 'retain' applies only to an mqtt: target; remove it");
            return null;
        }
        if ("text".equals(payload) && !(from instanceof Endpoint.Mqtt)) {
            r.error("attribute 'payload': payload=\"text\" applies only to an mqtt: source (plain-text messages such as"
                    + " mosquitto_pub -m stop); remove it");
        }
        return new BindPlan(from, to, effectiveTimer, qos, retain, "text".equals(payload), r.element().source());
    }

    private static String kind(Endpoint e) {
        if (e instanceof Endpoint.Message) {
            return "a reading";
        }
        return e.text().substring(0, e.text().indexOf(':'));
    }

    private static boolean allowed(Endpoint from, Endpoint to) {
        if (from instanceof Endpoint.Message) {
            return to instanceof Endpoint.Blackboard || to instanceof Endpoint.Event || to instanceof Endpoint.Mqtt;
        }
        if (from instanceof Endpoint.Mqtt) {
            return to instanceof Endpoint.Event || to instanceof Endpoint.Blackboard;
        }
        if (from instanceof Endpoint.Event) {
            return to instanceof Endpoint.Mqtt || (to instanceof Endpoint.Message m && m.messageType().equals("Event"));
        }
        if (from instanceof Endpoint.Blackboard) {
            return to instanceof Endpoint.Mqtt || to instanceof Endpoint.Motor;
        }
        return false;
    }

    private static String targets(Endpoint from) {
        if (from instanceof Endpoint.Message) {
            return "blackboard:, event: or mqtt:";
        }
        if (from instanceof Endpoint.Mqtt) {
            return "event: or blackboard:";
        }
        if (from instanceof Endpoint.Event) {
            return "mqtt: or serial:LINK/Event";
        }
        return "mqtt: or motor:";
    }

    private Endpoint endpoint(ElementReader r, String attr, String text, boolean target) {
        int colon = text.indexOf(':');
        String kind = colon < 0 ? "" : text.substring(0, colon);
        String addr = colon < 0 ? "" : text.substring(colon + 1).strip();
        String bad = "attribute '" + attr + "': \"" + text + "\"";
        if (!KINDS.contains(kind)) {
            r.error(bad + " has no known kind" + Names.suggestion(kind, KINDS)
                    + "; write KIND:ADDRESS with KIND one of serial, sensor, motor, mqtt, event, blackboard");
            return null;
        }
        if (addr.isEmpty()) {
            r.error(bad + ": the address after '" + kind + ":' is empty");
            return null;
        }
        switch (kind) {
            case "event":
                if (!EVENT.matcher(addr).matches()) {
                    r.error(bad + ": event names use letters, digits, '_', '-' and '.'");
                    return null;
                }
                return new Endpoint.Event(text, addr);
            case "blackboard":
                if (!KEY.matcher(addr).matches()) {
                    r.error(bad + ": a blackboard key is a name of letters, digits, '_' and '.', starting with a letter or '_'");
                    return null;
                }
                return new Endpoint.Blackboard(text, addr.startsWith("@") ? addr.substring(1) : addr);
            case "mqtt": {
                boolean ok = target ? TOPIC.matcher(addr).matches() : FILTER.matcher(addr).matches();
                if (!ok) {
                    r.error(bad + ": " + (target ? "a topic to publish on has no spaces and no wildcards (+, #)" : "a topic has no spaces"));
                    return null;
                }
                return new Endpoint.Mqtt(text, NodePlan.resolveTopic(namespace, nodeName, addr));
            }
            case "serial":
                return serial(r, bad, text, addr, target);
            case "sensor":
                return sensor(r, bad, text, addr, target);
            default:
                return motor(r, bad, text, addr, target);
        }
    }

    private Endpoint serial(ElementReader r, String bad, String text, String addr, boolean target) {
        int slash = addr.indexOf('/');
        if (slash <= 0) {
            r.error(bad + ": write serial:LINK/Type, for example serial:base/RangeReading");
            return null;
        }
        String link = addr.substring(0, slash);
        String rest = addr.substring(slash + 1);
        if (links.stream().noneMatch(l -> l.name().equals(link))) {
            r.error(bad + ": no <serial> named '" + link + "' in this node" + Names.suggestion(link, links.stream().map(SerialPlan::name).toList()));
            return null;
        }
        String[] typeField = splitField(rest);
        if (!BODY_TYPES.containsKey(typeField[0])) {
            r.error(bad + ": no message type '" + typeField[0] + "'" + Names.suggestion(typeField[0], BODY_TYPES.keySet())
                    + "; types are " + String.join(", ", BODY_TYPES.keySet()));
            return null;
        }
        if (target && (!typeField[0].equals("Event") || typeField[1] != null)) {
            r.error(bad + ": events go out on a link as serial:" + link + "/Event; motor commands go through motor:NAME");
            return null;
        }
        if (!checkField(r, bad, typeField)) {
            return null;
        }
        return new Endpoint.Message(text, link, typeField[0], -1, typeField[1]);
    }

    private Endpoint sensor(ElementReader r, String bad, String text, String addr, boolean target) {
        String[] nameField = splitField(addr);
        SensorPlan s = sensors.stream().filter(x -> x.name().equals(nameField[0])).findFirst().orElse(null);
        if (s == null) {
            r.error(bad + ": no <sensor> named '" + nameField[0] + "' in this node"
                    + Names.suggestion(nameField[0], sensors.stream().map(SensorPlan::name).toList()));
            return null;
        }
        if (target) {
            r.error(bad + ": a sensor is a source of readings, not a target");
            return null;
        }
        if (!checkField(r, bad, new String[] {s.messageType(), nameField[1]})) {
            return null;
        }
        return new Endpoint.Message(text, s.link(), s.messageType(), s.sensorId(), nameField[1]);
    }

    private Endpoint motor(ElementReader r, String bad, String text, String addr, boolean target) {
        String[] nameField = splitField(addr);
        MotorPlan m = motors.stream().filter(x -> x.name().equals(nameField[0])).findFirst().orElse(null);
        if (m == null) {
            r.error(bad + ": no <motor> named '" + nameField[0] + "' in this node"
                    + Names.suggestion(nameField[0], motors.stream().map(MotorPlan::name).toList()));
            return null;
        }
        if (target) {
            String t = nameField[1] == null ? "velocity" : nameField[1];
            if (!List.of("velocity", "position", "effort").contains(t)) {
                r.error(bad + ": a motor takes a velocity, position or effort set-point; write motor:" + m.name() + ".velocity");
                return null;
            }
            return new Endpoint.Motor(text, m.name(), t);
        }
        if (!checkField(r, bad, new String[] {"MotorState", nameField[1]})) {
            return null;
        }
        return new Endpoint.Message(text, m.link(), "MotorState", m.motorId(), nameField[1]);
    }

    private static String[] splitField(String s) {
        int dot = s.indexOf('.');
        return dot < 0 ? new String[] {s, null} : new String[] {s.substring(0, dot), s.substring(dot + 1)};
    }

    private static boolean checkField(ElementReader r, String bad, String[] typeField) {
        if (typeField[1] == null) {
            return true;
        }
        Descriptor d = BODY_TYPES.get(typeField[0]);
        FieldDescriptor f = d.findFieldByName(typeField[1]);
        if (f == null || f.getJavaType() == FieldDescriptor.JavaType.MESSAGE || f.isRepeated()) {
            List<String> names = new ArrayList<>();
            for (FieldDescriptor x : d.getFields()) {
                if (x.getJavaType() != FieldDescriptor.JavaType.MESSAGE && !x.isRepeated()) {
                    names.add(x.getName());
                }
            }
            r.error(bad + ": " + typeField[0] + " has no field '" + typeField[1] + "'" + Names.suggestion(typeField[1], names)
                    + "; its fields are " + String.join(", ", names));
            return false;
        }
        return true;
    }
}

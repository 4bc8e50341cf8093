package io.canopy.launch.read;

import io.canopy.Names;
import io.canopy.launch.LaunchLoader;
import io.canopy.launch.plan.BindPlan;
import io.canopy.launch.plan.DeployPlan;
import io.canopy.launch.plan.DevicePlans;
import io.canopy.launch.plan.DiffDrivePlan;
import io.canopy.launch.plan.ForeignNodesPlan;
import io.canopy.launch.plan.MachinePlan;
import io.canopy.launch.plan.MotorPlan;
import io.canopy.launch.plan.MqttPlan;
import io.canopy.launch.plan.NodePlan;
import io.canopy.launch.plan.RemotePlan;
import io.canopy.launch.plan.SafetyPlan;
import io.canopy.launch.plan.SensorPlan;
import io.canopy.launch.plan.SerialPlan;
import io.canopy.launch.plan.Source;
import io.canopy.launch.plan.TimerPlan;
import io.canopy.launch.plan.TreePlan;
import io.canopy.launch.plan.WakeOn;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads one {@code <node>}: its timers, trees, machines, serial links, device roles, MQTT connection and
 * bindings, then checks that every reference (a tree's timer, a motor's link, a bind's sensor) names
 * something declared in the node. Children may come in any order.
 */
public final class NodeReader {
    static final List<String> CHILDREN =
            List.of("timer", "tree", "statemachine", "serial", "motor", "sensor", "diffdrive", "mqtt", "bind", "udp", "mavlink",
                    "dynamixel", "web", "status", "plugin", "palette", "remote", "enum", "realtime", "deploy");
    /** The settings of the in-process simulator ({@code <param>}s of a {@code sim:diffdrive} link). */
    private static final String[] MQTT_ATTRIBUTES = {"broker", "port", "user", "password", "tls", "ca_file", "client_id",
        "keepalive_s", "telemetry_timer", "max_message_kb", "client_rate"};
    static final List<String> SIM_PARAMS = List.of("battery_drain_scale", "battery_percent", "charge_rate", "dock_x",
            "dock_y", "dock_radius", "x", "y", "theta");

    private final XmlElement node;
    private final Substitutions subst;
    private final List<String> errors;
    private final String outerNamespace;

    private final List<TimerPlan> timers = new ArrayList<>();
    private final List<TreePlan> trees = new ArrayList<>();
    private final List<MachinePlan> machines = new ArrayList<>();
    private final List<SerialPlan> links = new ArrayList<>();
    private final List<MotorPlan> motors = new ArrayList<>();
    private final List<SensorPlan> sensors = new ArrayList<>();
    private final List<DiffDrivePlan> drives = new ArrayList<>();
    /** Trees gated by a machine state, checked once all machines are known. */
    private final List<TreePlan> gated = new ArrayList<>();
    private final List<ElementReader> bindElements = new ArrayList<>();
    /** Elements that name a timer, checked once all timers are known. */
    private final List<Object[]> timerRefs = new ArrayList<>();
    private final List<Object[]> linkRefs = new ArrayList<>();
    private MqttPlan mqtt;
    private final RealtimeReader realtime;
    private final DeviceReader devices;
    private MonitorReader monitor;
    private final ForeignNodesReader foreign;
    private final RemoteReader remotes;
    private final DeployReader deploy;

    public NodeReader(XmlElement node, Substitutions subst, List<String> errors, String outerNamespace) {
        this.node = node;
        this.subst = subst;
        this.errors = errors;
        this.outerNamespace = outerNamespace;
        this.devices = new DeviceReader(subst, errors);
        this.foreign = new ForeignNodesReader(subst, errors);
        this.remotes = new RemoteReader(subst, errors);
        this.deploy = new DeployReader(subst, errors);
        this.realtime = new RealtimeReader(subst, errors);
    }

    /** The trees read so far (after {@link #read()}: every readable {@code <tree>}, even when the node has errors). */
    public List<TreePlan> trees() {
        return trees;
    }

    /** The node's custom node types read so far (palettes, plugins, enums), for checking {@link #trees()}. */
    public ForeignNodesPlan foreign() {
        return foreign.plan();
    }

    /** The machines read so far (as {@link #trees()}). */
    public List<MachinePlan> machines() {
        return machines;
    }

    /** The node, or null when it is switched off or could not be read (errors recorded). */
    public NodePlan read() {
        int errorsBefore = errors.size();
        ElementReader r = new ElementReader(node, subst, errors, "name", "namespace", "event_policy", "stall_ms",
                "command_timeout_ms");
        if (!r.enabled()) {
            return null;
        }
        String name = r.name("name", null, true);
        String ns = r.string("namespace", "");
        String namespace = ns == null ? outerNamespace : LaunchLoader.joinNamespace(r, outerNamespace, ns);
        String eventPolicy = r.choice("event_policy", "drop", "drop", "error");
        int stallMs = (int) r.integer("stall_ms", 0, 1, 60_000, "milliseconds");
        int commandTimeoutMs = (int) r.integer("command_timeout_ms", SafetyPlan.DEFAULT_COMMAND_TIMEOUT_MS, 10, 600_000,
                "milliseconds");
        for (XmlElement c : node.children) {
            switch (c.name) {
                case "timer" -> readTimer(c);
                case "tree" -> readTree(c);
                case "statemachine" -> readMachine(c);
                case "serial" -> readSerial(c);
                case "motor" -> readMotor(c);
                case "sensor" -> readSensor(c);
                case "diffdrive" -> readDiffDrive(c);
                case "mqtt" -> readMqtt(c);
                case "web", "status" -> monitor().read(c);
                case "plugin", "palette", "enum" -> foreign.read(c);
                case "remote" -> remotes.read(c);
                case "realtime" -> realtime.read(c);
                case "deploy" -> deploy.read(c);
                case "bind" -> {
                    ElementReader br = new ElementReader(c, subst, errors, BindReader.ATTRIBUTES);
                    noChildren(c);
                    if (br.enabled()) {
                        bindElements.add(br);
                    }
                }
                default -> {
                    if (!devices.read(c)) {
                        errors.add(c.where() + ": unknown element <" + c.name + ">" + Names.suggestion(c.name, CHILDREN)
                                + "; <node> holds " + String.join(", ", CHILDREN.stream().map(s -> "<" + s + ">").toList()));
                    }
                }
            }
        }
        DevicePlans devicePlans = devices.finish(links, linkRefs, timers); // <udp>, <mavlink>, <dynamixel>
        unique(timers.stream().map(t -> new Object[] {t.name(), t.source()}).toList(), "timer");
        unique(trees.stream().map(t -> new Object[] {t.name(), t.source()}).toList(), "tree");
        unique(machines.stream().map(t -> new Object[] {t.name(), t.source()}).toList(), "statemachine");
        unique(links.stream().map(t -> new Object[] {t.name(), t.source()}).toList(), "serial");
        List<Object[]> roles = new ArrayList<>();
        motors.forEach(m -> roles.add(new Object[] {m.name(), m.source()}));
        sensors.forEach(s -> roles.add(new Object[] {s.name(), s.source()}));
        unique(roles, "motor or sensor");
        Set<String> timerNames = new HashSet<>();
        timers.forEach(t -> timerNames.add(t.name()));
        for (Object[] ref : timerRefs) {
            checkRef((Source) ref[1], (String) ref[2], (String) ref[0], timerNames, "<timer name=\"" + ref[0] + "\" hz=\"50\"/>");
        }
        Set<String> linkNames = new HashSet<>();
        links.forEach(l -> linkNames.add(l.name()));
        for (Object[] ref : linkRefs) {
            checkRef((Source) ref[1], (String) ref[2], (String) ref[0], linkNames, "<serial name=\"" + ref[0] + "\" port=\"...\"/>");
        }
        Set<String> machineNames = new HashSet<>();
        machines.forEach(m -> machineNames.add(m.name()));
        for (TreePlan t : trees) {
            if (t.machine() != null && !machineNames.contains(t.machine())) {
                errors.add(t.source() + ": attribute 'active_in': no <statemachine> named '" + t.machine() + "' in this node"
                        + Names.suggestion(t.machine(), machineNames) + "; write active_in=\"MACHINE:STATE\"");
            }
        }
        Set<String> motorNames = new HashSet<>();
        motors.forEach(m -> motorNames.add(m.name()));
        for (DiffDrivePlan d : drives) {
            for (String wheel : new String[] {d.left(), d.right()}) {
                if (!motorNames.contains(wheel)) {
                    errors.add(d.source() + ": no <motor> named '" + wheel + "' in this node" + Names.suggestion(wheel, motorNames)
                            + "; declare it, for example <motor name=\"" + wheel + "\" link=\"base\" id=\"0\"/>");
                }
            }
            if (d.left().equals(d.right())) {
                errors.add(d.source() + ": left and right are the same motor '" + d.left() + "'; name two motors");
            }
        }
        if (drives.size() > 1) {
            errors.add(drives.get(1).source() + ": a node has at most one <diffdrive>");
        }
        if (mqtt == null) {
            mqtt = new MqttPlan(true, null, 1883, null, null, false, null, null, 30,
                    timerNames.contains("telemetry") ? "telemetry" : null, node.source());
        }
        if (name == null) {
            return null;
        }
        BindReader binder = new BindReader(errors, namespace, name, links, motors, sensors, timers, drives);
        List<BindPlan> binds = new ArrayList<>();
        for (ElementReader br : bindElements) {
            BindPlan b = binder.read(br);
            if (b != null) {
                binds.add(b);
            }
        }
        List<RemotePlan> remotePlans = remotes.finish(namespace, name, trees, foreign.plan());
        if (!mqtt.enabled()) {
            List<XmlElement> status = node.children.stream()
                    .filter(c -> c.name.equals("status") && new ElementReader(c, subst, new ArrayList<>()).enabled()).toList();
            errors.addAll(WithoutMqtt.refusals(mqtt, binds, remotePlans, timers, status, trees));
        }
        DeployPlan deployPlan = deploy.finish(trees, machines);
        if (errors.size() > errorsBefore) {
            return null;
        }
        return new NodePlan(name, namespace, eventPolicy, new SafetyPlan(stallMs, commandTimeoutMs), timers, trees, machines, links, motors, sensors,
                drives.isEmpty() ? null : drives.get(0), mqtt, binds, node.source(), devicePlans, monitor().plan(node.source()),
                foreign.plan(), remotePlans, realtime.plan(), deployPlan);
    }

    private MonitorReader monitor() {
        return monitor == null ? monitor = new MonitorReader(subst, errors) : monitor;
    }

    private void checkRef(Source where, String attr, String value, Set<String> known, String example) {
        if (value != null && !known.contains(value)) {
            errors.add(where + ": attribute '" + attr + "': no " + (attr.equals("link") || attr.equals("wake_on") ? "<serial>" : "<timer>") + " named '" + value
                    + "' in this node" + Names.suggestion(value, known) + "; declare it, for example " + example);
        }
    }

    private void unique(List<Object[]> named, String what) {
        Map<String, Source> seen = new LinkedHashMap<>();
        for (Object[] n : named) {
            Source prev = seen.putIfAbsent((String) n[0], (Source) n[1]);
            if (prev != null) {
                errors.add(n[1] + ": a " + what + " named '" + n[0] + "' is already declared at line " + prev.line()
                        + "; give each its own name");
            }
        }
    }

    /** The {@code <param name value>} children of an element (every other child is an error), in order. */
    private Map<String, String> params(XmlElement e) {
        Map<String, String> params = new LinkedHashMap<>();
        for (XmlElement c : e.children) {
            if (!c.name.equals("param")) {
                errors.add(c.where() + ": unknown element <" + c.name + "> inside <" + e.name
                        + ">; it holds only <param name=\"...\" value=\"...\"/>");
                continue;
            }
            ElementReader pr = new ElementReader(c, subst, errors, "name", "value");
            noChildren(c);
            String pn = pr.name("name", null, true);
            String pv = pr.has("value") ? pr.string("value", null) : pr.required("value", "1.0");
            if (pr.enabled() && pn != null && pv != null && params.put(pn, pv) != null) {
                pr.error("parameter '" + pn + "' is given twice; remove one");
            }
        }
        return params;
    }

    private void noChildren(XmlElement e) {
        for (XmlElement c : e.children) {
            errors.add(c.where() + ": <" + e.name + "> takes no child elements; remove <" + c.name + ">");
        }
    }

    private void readTimer(XmlElement e) {
        ElementReader r = new ElementReader(e, subst, errors, "name", "hz");
        noChildren(e);
        if (!r.enabled()) {
            return;
        }
        String name = r.name("name", null, true);
        double hz = r.has("hz") ? r.positive("hz", 1, 100_000, "a rate in hertz") : 0;
        if (!r.has("hz")) {
            r.error("missing attribute 'hz'; add the rate, for example hz=\"50\"");
        }
        if (name != null && hz > 0) {
            timers.add(new TimerPlan(name, hz, e.source()));
        }
    }

    /** The timer an element names, or the node's only timer when it names none. */
    private String timerOf(ElementReader r) {
        String t = r.name("timer", null, false);
        if (t != null) {
            timerRefs.add(new Object[] {t, r.element().source(), "timer"});
            return t;
        }
        long declaredTimers = node.children.stream().filter(c -> c.name.equals("timer")).count();
        if (declaredTimers == 1) {
            XmlElement only = node.children.stream().filter(c -> c.name.equals("timer")).findFirst().orElseThrow();
            String n = only.attributes.get("name");
            try {
                return n == null ? null : subst.expand(n);
            } catch (Substitutions.Failure f) {
                return null; // reported on the <timer> itself
            }
        }
        r.error("missing attribute 'timer'; name the <timer> that ticks it, for example timer=\"control\"");
        return null;
    }

    private void readTree(XmlElement e) {
        ElementReader r = new ElementReader(e, subst, errors, "name", "file", "main", "timer", "seed", "on_finish",
                "active_in", "on_success", "on_failure", "groot2_port", "wake_on", "wake_min_interval");
        Map<String, String> params = params(e);
        if (!r.enabled()) {
            return;
        }
        Path file = r.file("file", true, "patrol.xml");
        String main = r.string("main", null);
        String timer = timerOf(r);
        long seed = r.integer("seed", 0, Long.MIN_VALUE, Long.MAX_VALUE, "a whole number");
        boolean restart = r.choice("on_finish", "restart", "restart", "stop").equals("restart");
        String name = r.name("name", main != null ? main : baseName(file), false);
        String gate = r.string("active_in", null);
        String machine = null;
        String state = null;
        if (gate != null) {
            int colon = gate.indexOf(':');
            if (colon <= 0 || colon == gate.length() - 1) {
                r.error("attribute 'active_in': \"" + gate + "\" is not MACHINE:STATE; write for example active_in=\"mission:Patrol\"");
                return;
            }
            machine = gate.substring(0, colon).strip();
            state = gate.substring(colon + 1).strip();
        }
        String onSuccess = eventName(r, "on_success");
        String onFailure = eventName(r, "on_failure");
        int groot2Port = (int) r.integer("groot2_port", 0, 1, 65_000, "a TCP port (Groot2 uses it and the next one)");
        List<String> wakeOn = WakeOn.read(r, linkRefs);
        long wakeMin = WakeOn.minInterval(r);
        if (file != null && timer != null && name != null) {
            trees.add(new TreePlan(name, file, main, timer, seed, restart, machine, state, onSuccess, onFailure, e.source(),
                    params, groot2Port, wakeOn, wakeMin));
        }
    }

    private static String eventName(ElementReader r, String attr) {
        String v = r.string(attr, null);
        if (v != null && !v.matches("[A-Za-z0-9_.\\-]+")) {
            r.error("attribute '" + attr + "': \"" + v + "\" is not an event name; use letters, digits, '_', '-' and '.'");
            return null;
        }
        return v;
    }

    private void readDiffDrive(XmlElement e) {
        ElementReader r = new ElementReader(e, subst, errors, "name", "left", "right", "wheel_radius", "track", "max_speed",
                "timer", "x", "y", "theta");
        noChildren(e);
        if (!r.enabled()) {
            return;
        }
        String name = r.name("name", "base", false);
        String left = r.name("left", null, true);
        String right = r.name("right", null, true);
        double radius = required(r, "wheel_radius", "0.05");
        double track = required(r, "track", "0.30");
        double maxSpeed = r.positive("max_speed", 0.5, 100, "a speed in m/s");
        String timer = timerOf(r);
        double x = real(r, "x");
        double y = real(r, "y");
        double theta = real(r, "theta");
        if (name != null && left != null && right != null && radius > 0 && track > 0 && timer != null) {
            drives.add(new DiffDrivePlan(name, left, right, radius, track, maxSpeed, timer, x, y, theta, e.source()));
        }
    }

    private static double required(ElementReader r, String attr, String example) {
        if (!r.has(attr)) {
            r.error("missing attribute '" + attr + "' (metres); add it, for example " + attr + "=\"" + example + "\"");
            return 0;
        }
        return r.positive(attr, 0, 100, "a length in metres");
    }

    private static double real(ElementReader r, String attr) {
        String v = r.string(attr, null);
        if (v == null) {
            return 0;
        }
        try {
            return Double.parseDouble(v.strip());
        } catch (NumberFormatException ex) {
            r.error("attribute '" + attr + "': \"" + v + "\" is not a number");
            return 0;
        }
    }

    private void readMachine(XmlElement e) {
        ElementReader r = new ElementReader(e, subst, errors, "name", "file", "timer");
        Map<String, String> params = params(e);
        if (!r.enabled()) {
            return;
        }
        Path file = r.file("file", true, "mission.scxml");
        String timer = timerOf(r);
        String name = r.name("name", baseName(file), false);
        if (file != null && timer != null && name != null) {
            machines.add(new MachinePlan(name, file, timer, e.source(), params));
        }
    }

    private static String baseName(Path file) {
        if (file == null) {
            return "tree";
        }
        String n = file.getFileName().toString();
        int dot = n.indexOf('.');
        String base = dot > 0 ? n.substring(0, dot) : n;
        return ElementReader.NAME.matcher(base).matches() ? base : "tree";
    }

    private void readSerial(XmlElement e) {
        ElementReader r = new ElementReader(e, subst, errors, "name", "port", "baud", "data_bits", "parity", "stop_bits", "flow",
                "timeout_ms");
        if (!r.enabled()) {
            return;
        }
        String name = r.name("name", null, true);
        String port = r.required("port", "/dev/ttyUSB0");
        int baud = (int) r.integer("baud", 115_200, 50, 12_000_000, "a baud rate");
        int dataBits = (int) r.integer("data_bits", 8, 5, 8, "data bits");
        String parity = r.choice("parity", "none", "none", "even", "odd", "mark", "space");
        String stopBits = r.choice("stop_bits", "1", "1", "1.5", "2");
        String flow = r.choice("flow", "none", "none", "rtscts", "xonxoff");
        int timeoutMs = (int) r.integer("timeout_ms", SerialPlan.DEFAULT_TIMEOUT_MS, 0, 600_000, "milliseconds (0: never treat silence as lost)");
        Map<String, String> params = params(e);
        if (port != null && port.startsWith(SerialPlan.SIM_PREFIX) && !port.equals("sim:diffdrive")) {
            r.error("attribute 'port': unknown simulator \"" + port + "\"; the in-process simulator is port=\"sim:diffdrive\"");
            return;
        }
        if (port != null && port.startsWith(SerialPlan.SIM_PREFIX)) {
            for (Map.Entry<String, String> p : params.entrySet()) {
                if (!SIM_PARAMS.contains(p.getKey())) {
                    r.error("unknown simulator parameter '" + p.getKey() + "'" + Names.suggestion(p.getKey(), SIM_PARAMS)
                            + "; sim:diffdrive takes " + String.join(", ", SIM_PARAMS));
                } else {
                    try {
                        Double.parseDouble(p.getValue().strip());
                    } catch (NumberFormatException ex) {
                        r.error("simulator parameter '" + p.getKey() + "': \"" + p.getValue() + "\" is not a number");
                    }
                }
            }
        }
        if (port != null && !port.startsWith(SerialPlan.SIM_PREFIX) && !params.isEmpty()) {
            r.error("<param> children configure the simulator; a real port (\"" + port + "\") takes none; remove them");
        }
        if (name != null && port != null) {
            links.add(new SerialPlan(name, port, baud, dataBits, parity, stopBits, flow, timeoutMs, params, e.source()));
        }
    }

    /** The link an element names, or the node's only link when it names none. */
    private String linkOf(ElementReader r) {
        String l = r.name("link", null, false);
        if (l != null) {
            linkRefs.add(new Object[] {l, r.element().source(), "link"});
            return l;
        }
        List<XmlElement> serials = node.children.stream().filter(c -> c.name.equals("serial")).toList();
        if (serials.size() == 1) {
            try {
                String n = serials.get(0).attributes.get("name");
                return n == null ? null : subst.expand(n);
            } catch (Substitutions.Failure f) {
                return null;
            }
        }
        r.error("missing attribute 'link'; name the <serial> this device is on, for example link=\"base\"");
        return null;
    }

    private void readMotor(XmlElement e) {
        ElementReader r = new ElementReader(e, subst, errors, "name", "link", "id", "timeout_ms");
        noChildren(e);
        if (!r.enabled()) {
            return;
        }
        String name = r.name("name", null, true);
        String link = linkOf(r);
        if (!r.has("id")) {
            r.error("missing attribute 'id'; give the controller's motor id, for example id=\"0\"");
        }
        int id = (int) r.integer("id", 0, 0, 0xFFFF_FFFFL, "a motor id");
        int timeoutMs = (int) r.integer("timeout_ms", 250, 20, 60_000, "milliseconds");
        if (name != null && link != null && r.has("id")) {
            motors.add(new MotorPlan(name, link, id, timeoutMs, e.source()));
        }
    }

    private void readSensor(XmlElement e) {
        ElementReader r = new ElementReader(e, subst, errors, "name", "link", "type", "id");
        noChildren(e);
        if (!r.enabled()) {
            return;
        }
        String name = r.name("name", null, true);
        String link = linkOf(r);
        String type = r.has("type") ? r.choice("type", null, BindReader.SENSOR_TYPES.toArray(new String[0])) : null;
        if (!r.has("type")) {
            r.error("missing attribute 'type'; write one of " + String.join(", ", BindReader.SENSOR_TYPES));
        }
        int id = (int) r.integer("id", -1, -1, 0xFFFF_FFFFL, "a sensor id (-1 = any)");
        if (name != null && link != null && type != null) {
            sensors.add(new SensorPlan(name, link, type, id, e.source()));
        }
    }

    private void readMqtt(XmlElement e) {
        ElementReader r = new ElementReader(e, subst, errors, MQTT_ATTRIBUTES);
        noChildren(e);
        if (!r.enabled()) {
            return;
        }
        if (mqtt != null) {
            r.error("a node has at most one <mqtt>; this one repeats the one at line " + mqtt.source().line());
            return;
        }
        String broker = r.string("broker", "embedded");
        if (MqttPlan.NONE.equals(broker)) { // no MQTT at all: nothing else of <mqtt> applies
            for (String attr : MQTT_ATTRIBUTES) {
                if (!attr.equals("broker") && r.has(attr)) {
                    r.error("attribute '" + attr + "' configures the MQTT connection, which broker=\"none\" switches off;"
                            + " remove it, or set broker=\"embedded\" or the URL of a broker");
                }
            }
            mqtt = MqttPlan.off(e.source());
            return;
        }
        boolean embedded = "embedded".equals(broker);
        String url = null;
        if (broker != null && !embedded) {
            url = MqttUrls.normalise(broker);
            if (url == null) {
                r.error("attribute 'broker': \"" + broker + "\" is not a broker; write embedded, tcp://HOST:PORT,"
                        + " ssl://HOST:PORT or none (no MQTT)");
            }
        }
        int port = (int) r.integer("port", 1883, 0, 65_535, "a TCP port (0 = any free port)");
        String user = emptyToNull(r.string("user", null));
        String password = emptyToNull(r.string("password", null));
        boolean tls = r.bool("tls", url != null && url.startsWith("ssl://"));
        Path ca = r.file("ca_file", false, "ca.crt");
        if (embedded && (tls || ca != null)) {
            r.error("TLS needs an external broker: the embedded one listens on 127.0.0.1 only, in plain TCP; set broker=\"ssl://HOST:8883\" or drop tls/ca_file");
        }
        if (url != null && tls && url.startsWith("tcp://")) {
            url = "ssl://" + url.substring("tcp://".length());
        }
        String clientId = r.string("client_id", null);
        int keepAlive = (int) r.integer("keepalive_s", 30, 1, 65_535, "seconds");
        String telemetry = r.name("telemetry_timer", null, false);
        if (telemetry != null) {
            timerRefs.add(new Object[] {telemetry, e.source(), "telemetry_timer"});
        } else if (node.children.stream().anyMatch(c -> c.name.equals("timer") && "telemetry".equals(c.attributes.get("name")))) {
            telemetry = "telemetry";
        }
        // MQTT's own ceiling is 256 MB; a robot's messages are small, so the default refuses more than 256 KB
        int maxKb = (int) r.integer("max_message_kb", MqttPlan.DEFAULT_MAX_MESSAGE_KB, 1, 262_144, "kilobytes");
        int clientRate = (int) r.integer("client_rate", MqttPlan.DEFAULT_CLIENT_RATE, 1, 10_000_000,
                "publishes per second per client");
        if (!embedded && r.has("client_rate")) {
            r.error("attribute 'client_rate' limits the embedded broker's clients; an external broker sets its own limits:"
                    + " drop client_rate or set broker=\"embedded\"");
        }
        mqtt = new MqttPlan(embedded, url, port, user, password, tls, ca, emptyToNull(clientId), keepAlive, telemetry,
                maxKb, clientRate, e.source());
    }

    private static String emptyToNull(String s) {
        return s == null || s.isEmpty() ? null : s;
    }
}

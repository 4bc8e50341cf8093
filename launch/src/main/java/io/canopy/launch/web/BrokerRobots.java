package io.canopy.launch.web;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.protobuf.InvalidProtocolBufferException;
import io.canopy.launch.fleet.ClaimBoard;
import io.canopy.launch.status.ScxmlOutline;
import io.canopy.launch.status.TreeShape;
import io.canopy.proto.BatteryState;
import io.canopy.proto.Envelope;
import io.canopy.proto.LinkStatus;
import io.canopy.proto.MachineState;
import io.canopy.proto.TimerStats;
import io.canopy.proto.TreeNodes;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;

/**
 * The robots on a broker ({@code canopy monitor}), from the topics every node publishes: {@code <robot>/state}
 * (online, or offline from its Last Will), {@code <robot>/status/trees|machines/...} (full status and layouts),
 * and the telemetry {@code <robot>/timers}, {@code links}, {@code battery}, {@code odom}; and the fleet's claims
 * ({@code fleet/claims/<resource>}, see {@link io.canopy.launch.fleet.ClaimBoard}), read as the robots read them: the
 * last claim of a resource wins, a release or an empty retained message ends it, its lease runs from the moment its
 * last renewal arrived here, and its holder's Last Will ({@code offline}) ends all its claims at once. MQTT callbacks
 * update it; the hub samples it; one lock guards both.
 *
 * <p>While the monitor's own connection to the broker is down, every robot's state is unknown (it may have died
 * meanwhile, and its Last Will cannot reach us): {@code state} is {@code unknown} until the robot's retained
 * {@code state} (which the broker sends again when the subscription is restored) or a live message of it arrives.
 */
final class BrokerRobots implements RobotSource {
    private static final long FPS_WINDOW_MS = 1000;
    private final Map<String, Robot> robots = new TreeMap<>();
    /** The live claims, by resource (waypoint). */
    private final Map<String, Held> claims = new TreeMap<>();
    private final LogRing log;
    private final BooleanSupplier brokerConnected;
    /** The monitor's connection was seen down (and the robots' states made unknown) by the last sample. */
    private boolean brokerLost;

    /** A claim as the monitor saw it arrive: who, the lease, when its last (re)publication arrived (wall clock). */
    private record Held(String holder, long leaseMs, long arrivedMs) {
        long expiresMs() {
            return arrivedMs + leaseMs;
        }
    }

    private static final class Robot {
        Boolean online;
        /** Since the monitor lost the broker, until the robot's state or a live message of it arrives. */
        boolean unknown;
        long lastSeenMs;
        final JsonObject trees = new JsonObject();
        final Map<String, String> xml = new LinkedHashMap<>();
        final JsonObject treeStatus = new JsonObject();
        final JsonObject machines = new JsonObject();
        final Map<String, String> scxml = new LinkedHashMap<>();
        final JsonObject machineState = new JsonObject();
        final Map<String, JsonObject> timers = new TreeMap<>();
        final Map<String, JsonObject> links = new TreeMap<>();
        final Map<String, long[]> frames = new LinkedHashMap<>();
        JsonObject battery;
        JsonObject pose;
    }

    BrokerRobots(LogRing log) {
        this(log, () -> true);
    }

    /** {@code brokerConnected}: whether the monitor's own MQTT connection is up (read at each sample). */
    BrokerRobots(LogRing log, BooleanSupplier brokerConnected) {
        this.log = log;
        this.brokerConnected = brokerConnected;
    }

    /** MQTT thread: one message. Topics of no robot are ignored; a payload that does not parse is skipped. */
    synchronized void onMessage(String topic, byte[] payload, boolean retained) {
        long now = System.currentTimeMillis();
        if (topic.startsWith(CLAIMS)) {
            claim(topic.substring(CLAIMS.length()), payload, retained, now);
            return;
        }
        int status = topic.indexOf("/status/");
        if (status > 0) {
            String name = topic.substring(0, status);
            String rest = topic.substring(status + "/status/".length());
            Envelope env = parse(payload);
            if (env == null) {
                return;
            }
            Robot r = robot(name, now, retained);
            if (rest.startsWith("trees/") && env.hasTreeLayout()) {
                String tree = env.getTreeLayout().getTree();
                try {
                    r.trees.add(tree, Shapes.tree(TreeShape.parse(env.getTreeLayout().getXml())));
                    r.xml.put(tree, env.getTreeLayout().getXml());
                } catch (RuntimeException e) {
                    log.add(now, "WARN", name + ": tree '" + tree + "' layout unreadable: " + e.getMessage());
                }
            } else if (rest.startsWith("trees/") && env.hasTreeNodes()) {
                TreeNodes t = env.getTreeNodes();
                byte[] s = t.getStatuses().toByteArray();
                JsonObject o = new JsonObject();
                o.addProperty("s", Shapes.letters(s, s.length));
                o.addProperty("active", t.getActive());
                r.treeStatus.add(t.getTree(), o);
            } else if (rest.startsWith("machines/") && env.hasMachineLayout()) {
                String m = env.getMachineLayout().getMachine();
                try {
                    r.machines.add(m, Shapes.machine(ScxmlOutline.parse(env.getMachineLayout().getScxml(), m)));
                    r.scxml.put(m, env.getMachineLayout().getScxml());
                } catch (RuntimeException e) {
                    log.add(now, "WARN", name + ": machine '" + m + "' SCXML unreadable: " + e.getMessage());
                }
            } else if (rest.startsWith("machines/") && env.hasMachineState()) {
                MachineState m = env.getMachineState();
                r.machineState.add(m.getMachine(), LocalRobots.machineState(m.getActiveStatesList(), m.getLastTransitionsList(),
                        m.getTransitions()));
            }
            return;
        }
        int slash = topic.lastIndexOf('/');
        if (slash <= 0) {
            return;
        }
        String name = topic.substring(0, slash);
        String leaf = topic.substring(slash + 1);
        switch (leaf) {
            case "state" -> {
                String text = new String(payload, StandardCharsets.UTF_8);
                if (!text.equals("online") && !text.equals("offline")) {
                    return;
                }
                Robot r = robot(name, now, retained);
                boolean on = text.equals("online");
                if (r.online == null || r.online != on) {
                    log.add(now, on ? "INFO" : "WARN", name + " is " + text + (retained ? " (retained)" : ""));
                }
                r.online = on;
                r.unknown = false;
                if (!on) {
                    endClaimsOf(name, now);
                }
            }
            case "timers", "links", "battery", "odom" -> {
                Robot r = robots.get(name);
                Envelope env = parse(payload);
                if (env == null || (r == null && !env.hasTimerStats())) {
                    return; // a robot is known by its state, status or timers, not by any topic that ends in "links"
                }
                r = robot(name, now, retained);
                if (env.hasTimerStats()) {
                    TimerStats s = env.getTimerStats();
                    JsonObject t = new JsonObject();
                    t.addProperty("name", s.getTimer());
                    t.addProperty("hz", s.getRateHz());
                    t.addProperty("ticks", s.getTicks());
                    t.addProperty("p50Us", LocalRobots.round(s.getLatenessP50Us(), 1));
                    t.addProperty("p99Us", LocalRobots.round(s.getLatenessP99Us(), 1));
                    t.addProperty("maxUs", LocalRobots.round(s.getLatenessMaxUs(), 1));
                    t.addProperty("overruns", s.getOverruns());
                    t.addProperty("missed", s.getMissedDeadlines());
                    r.timers.put(s.getTimer(), t);
                } else if (env.hasLinkStatus()) {
                    LinkStatus l = env.getLinkStatus();
                    long[] f = r.frames.computeIfAbsent(l.getLink(), k -> new long[] {l.getFramesReceived(), now, 0});
                    if (now - f[1] >= FPS_WINDOW_MS) {
                        f[2] = Math.round((l.getFramesReceived() - f[0]) * 1000.0 / (now - f[1]));
                        f[0] = l.getFramesReceived();
                        f[1] = now;
                    }
                    r.links.put(l.getLink(), link(l, f[2]));
                } else if (env.hasBatteryState()) {
                    BatteryState b = env.getBatteryState();
                    JsonObject o = new JsonObject();
                    o.addProperty("percent", LocalRobots.round(b.getPercent(), 1));
                    o.addProperty("voltage", LocalRobots.round(b.getVoltage(), 2));
                    r.battery = o;
                } else if (env.hasEvent() && env.getEvent().getName().equals("odom")) {
                    try {
                        JsonObject p = JsonParser.parseString(env.getEvent().getPayload().toStringUtf8()).getAsJsonObject();
                        JsonObject o = new JsonObject();
                        for (String k : new String[] {"x", "y", "theta"}) {
                            o.addProperty(k, p.get(k).getAsDouble());
                        }
                        r.pose = o;
                    } catch (RuntimeException e) {
                        // not the odometry Canopy publishes: ignore
                    }
                }
            }
            default -> {
                // other topics (commands, events, the old trees/machines summaries) say nothing more
            }
        }
    }

    private static final String CLAIMS = ClaimBoard.PREFIX;

    /** A message on {@code fleet/claims/<resource>}: a claim (the holder is the envelope's source), a release, or a cleared topic. */
    private void claim(String resource, byte[] payload, boolean retained, long now) {
        if (resource.isEmpty() || resource.contains("/")) {
            return;
        }
        Envelope env = payload.length == 0 ? null : parse(payload);
        if (env == null || !env.hasEvent() || !"claim".equals(env.getEvent().getName()) || env.getSource().isEmpty()) {
            Held gone = payload.length == 0 || (env != null && env.hasEvent() && "release".equals(env.getEvent().getName()))
                    ? claims.remove(resource) : null;
            if (gone != null) {
                log.add(now, "INFO", gone.holder() + " released " + resource);
            }
            return;
        }
        String holder = env.getSource();
        String[] parts = env.getEvent().getPayload().toStringUtf8().split(" ", 2);
        long leaseMs;
        try {
            leaseMs = parts.length > 1 ? Long.parseLong(parts[1].trim()) : 0;
        } catch (NumberFormatException e) {
            return; // not a claim Canopy publishes
        }
        Robot r = robot(holder, now, retained);
        if (Boolean.FALSE.equals(r.online) || leaseMs <= 0) {
            claims.remove(resource); // a retained claim of a robot whose Last Will came first: it ended with the robot
            return;
        }
        Held before = claims.put(resource, new Held(holder, leaseMs, now));
        if (before == null || !before.holder().equals(holder)) {
            log.add(now, "INFO", holder + " claims " + resource + (before == null ? "" : " (after " + before.holder() + ")"));
        }
    }

    /** The holder's Last Will: its claims end now, as they do for the robots. */
    private void endClaimsOf(String holder, long now) {
        List<String> ended = new ArrayList<>();
        claims.entrySet().removeIf(e -> {
            boolean his = e.getValue().holder().equals(holder);
            if (his) {
                ended.add(e.getKey());
            }
            return his;
        });
        if (!ended.isEmpty()) {
            log.add(now, "WARN", holder + "'s claims ended with its Last Will: " + String.join(", ", ended));
        }
    }

    private Robot robot(String name, long now, boolean retained) {
        Robot r = robots.computeIfAbsent(name, k -> new Robot());
        if (!retained) {
            r.lastSeenMs = now;
            r.unknown = false; // it speaks: it is there (its state topic says whether it is online or going)
        }
        return r;
    }

    private static Envelope parse(byte[] payload) {
        try {
            return Envelope.parseFrom(payload);
        } catch (InvalidProtocolBufferException e) {
            return null;
        }
    }

    static JsonObject link(LinkStatus l, long fps) {
        JsonObject o = new JsonObject();
        o.addProperty("name", l.getLink());
        o.addProperty("connected", l.getConnected());
        o.addProperty("silent", l.getSilent());
        o.addProperty("rx", l.getFramesReceived());
        o.addProperty("tx", l.getFramesSent());
        o.addProperty("fps", fps);
        o.addProperty("errors", l.getBadCobs() + l.getShortFrames() + l.getBadCrc() + l.getOversize() + l.getUnparsable());
        o.addProperty("gaps", l.getSequenceGaps());
        o.addProperty("lost", l.getLostCount());
        o.addProperty("dropped", l.getDroppedQueueFull() + l.getDroppedDeviceLost());
        return o;
    }

    @Override
    public synchronized Map<String, JsonObject> sample() {
        long now = System.currentTimeMillis();
        boolean up = brokerConnected.getAsBoolean();
        if (!up && !brokerLost) {
            brokerLost = true;
            robots.values().forEach(r -> r.unknown = true);
            log.add(now, "WARN", "the monitor lost its connection to the broker: every robot's state is unknown "
                    + "until it is back");
        } else if (up && brokerLost) {
            brokerLost = false;
            log.add(now, "INFO", "the monitor is connected to the broker again; reading every robot's state anew");
        }
        claims.values().removeIf(h -> now - h.expiresMs() >= 0); // a lease not renewed in time has run out
        Map<String, JsonObject> held = new LinkedHashMap<>();
        for (Map.Entry<String, Held> c : claims.entrySet()) {
            JsonObject h = new JsonObject();
            h.addProperty("leaseMs", c.getValue().leaseMs());
            h.addProperty("expiresMs", c.getValue().expiresMs());
            held.computeIfAbsent(c.getValue().holder(), k -> new JsonObject()).add(c.getKey(), h);
        }
        Map<String, JsonObject> out = new LinkedHashMap<>();
        for (Map.Entry<String, Robot> e : robots.entrySet()) {
            Robot r = e.getValue();
            JsonObject o = new JsonObject();
            JsonObject mine = held.get(e.getKey());
            o.add("claims", mine != null ? mine : new JsonObject());
            boolean online = !r.unknown && (r.online == null || r.online);
            o.addProperty("online", online);
            o.addProperty("state", r.unknown ? "unknown" : online ? "online" : "offline");
            o.addProperty("broker", brokerLost ? "lost" : "connected");
            o.addProperty("lastSeenMs", r.lastSeenMs);
            o.add("trees", r.trees.deepCopy());
            o.add("treeStatus", r.treeStatus.deepCopy());
            o.add("machines", r.machines.deepCopy());
            o.add("machineState", r.machineState.deepCopy());
            JsonArray timers = new JsonArray();
            r.timers.values().forEach(t -> timers.add(t.deepCopy()));
            o.add("timers", timers);
            JsonArray links = new JsonArray();
            r.links.values().forEach(l -> links.add(l.deepCopy()));
            o.add("links", links);
            if (r.battery != null) {
                o.add("battery", r.battery.deepCopy());
            }
            if (r.pose != null) {
                o.add("pose", r.pose.deepCopy());
            }
            o.add("log", log.json());
            out.put(e.getKey(), o);
        }
        return out;
    }

    @Override
    public synchronized String treeXml(String robot, String tree) {
        for (Map.Entry<String, Robot> e : robots.entrySet()) {
            if ((robot == null || robot.equals(e.getKey())) && e.getValue().xml.containsKey(tree)) {
                return e.getValue().xml.get(tree);
            }
        }
        return null;
    }

    @Override
    public synchronized String scxml(String robot, String machine) {
        for (Map.Entry<String, Robot> e : robots.entrySet()) {
            if ((robot == null || robot.equals(e.getKey())) && e.getValue().scxml.containsKey(machine)) {
                return e.getValue().scxml.get(machine);
            }
        }
        return null;
    }
}

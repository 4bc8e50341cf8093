package io.canopy.launch.read;

import io.canopy.Names;
import io.canopy.launch.plan.DevicePlans;
import io.canopy.launch.plan.DynamixelPlan;
import io.canopy.launch.plan.MavlinkPlan;
import io.canopy.launch.plan.RawLinkPlan;
import io.canopy.launch.plan.SerialPlan;
import io.canopy.launch.plan.Source;
import io.canopy.launch.plan.TimerPlan;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Reads a node's standard-protocol devices: {@code <udp>} links, {@code <mavlink>} vehicles
 * ({@link MavlinkReader}) and {@code <dynamixel>} buses ({@link DynamixelReader}), then, once the node's
 * {@code <serial>}s and {@code <timer>}s are known, checks what they name. A {@code <serial>} named by a device
 * carries that protocol's bytes, so it leaves the node's Canopy links (no {@code <motor>}, {@code <sensor>} or
 * {@code <bind>} may use it).
 */
public final class DeviceReader {
    static final List<String> ELEMENTS = List.of("udp", "mavlink", "dynamixel");
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private final Substitutions subst;
    private final List<String> errors;
    private final List<RawLinkPlan> udps = new ArrayList<>();
    private final List<MavlinkPlan> vehicles = new ArrayList<>();
    private final List<DynamixelPlan> buses = new ArrayList<>();

    DeviceReader(Substitutions subst, List<String> errors) {
        this.subst = subst;
        this.errors = errors;
    }

    /** Reads {@code e} when it is one of {@link #ELEMENTS}; false otherwise. */
    boolean read(XmlElement e) {
        switch (e.name) {
            case "udp" -> readUdp(e);
            case "mavlink" -> add(vehicles, MavlinkReader.read(e, subst, errors));
            case "dynamixel" -> add(buses, DynamixelReader.read(e, subst, errors));
            default -> {
                return false;
            }
        }
        return true;
    }

    private static <T> void add(List<T> list, T item) {
        if (item != null) {
            list.add(item);
        }
    }

    /** An identifier (it prefixes blackboard keys and events), or {@code fallback} when absent. */
    static String identifier(ElementReader r, String attr, String fallback) {
        String v = r.string(attr, fallback);
        if (v != null && !IDENTIFIER.matcher(v).matches()) {
            r.error("attribute '" + attr + "': \"" + v + "\" is not an identifier; use letters, digits and '_', starting"
                    + " with a letter or '_' (it becomes part of blackboard keys such as " + v.replaceAll("\\W", "_") + "_x)");
            return null;
        }
        return v;
    }

    private void readUdp(XmlElement e) {
        ElementReader r = new ElementReader(e, subst, errors, "name", "local", "remote");
        for (XmlElement c : e.children) {
            errors.add(c.where() + ": <udp> takes no child elements; remove <" + c.name + ">");
        }
        if (!r.enabled()) {
            return;
        }
        String name = r.name("name", null, true);
        String local = r.string("local", "127.0.0.1:14550");
        String remote = r.string("remote", null);
        Object[] l = local == null ? null : hostPort(r, "local", local, true);
        Object[] rm = remote == null ? null : hostPort(r, "remote", remote, false);
        if (name != null && l != null && (remote == null || rm != null)) {
            udps.add(new RawLinkPlan(name, null, (String) l[0], (Integer) l[1], rm == null ? null : (String) rm[0],
                    rm == null ? 0 : (Integer) rm[1], e.source()));
        }
    }

    private static Object[] hostPort(ElementReader r, String attr, String v, boolean zeroPortOk) {
        int colon = v.lastIndexOf(':');
        String host = colon > 0 ? v.substring(0, colon).strip() : "";
        try {
            int port = Integer.parseInt(v.substring(colon + 1).strip());
            if (colon <= 0 || host.isEmpty() || port < (zeroPortOk ? 0 : 1) || port > 65_535) {
                throw new NumberFormatException();
            }
            return new Object[] {host, port};
        } catch (NumberFormatException | IndexOutOfBoundsException ex) {
            r.error("attribute '" + attr + "': \"" + v + "\" is not HOST:PORT; write for example " + attr
                    + "=\"127.0.0.1:" + ("local".equals(attr) ? "14550" : "14555") + "\"");
            return null;
        }
    }

    /**
     * Checks the links and timers the devices name against the node's; removes the {@code <serial>}s they claim
     * from {@code links} (and reports {@code <motor>}/{@code <sensor>} references to them from {@code linkRefs},
     * removing those so they are not reported twice). Returns the node's devices (timers resolved).
     */
    DevicePlans finish(List<SerialPlan> links, List<Object[]> linkRefs, List<TimerPlan> timers) {
        if (udps.isEmpty() && vehicles.isEmpty() && buses.isEmpty()) {
            return DevicePlans.NONE;
        }
        Map<String, SerialPlan> serials = new LinkedHashMap<>();
        links.forEach(s -> serials.put(s.name(), s));
        for (RawLinkPlan u : udps) {
            if (serials.containsKey(u.name())) {
                errors.add(u.source() + ": a <serial> named '" + u.name() + "' is already declared at line "
                        + serials.get(u.name()).source().line() + "; give each link its own name");
            }
        }
        Set<String> timerNames = new TreeSet<>();
        timers.forEach(t -> timerNames.add(t.name()));
        String firstTimer = timers.isEmpty() ? null : timers.get(0).name();
        Map<String, Source> claimedBy = new HashMap<>();
        Map<String, String> protocolOf = new HashMap<>();
        Map<String, Source> roleNames = new HashMap<>();
        List<RawLinkPlan> raw = new ArrayList<>(udps);
        List<MavlinkPlan> vs = new ArrayList<>();
        List<DynamixelPlan> bs = new ArrayList<>();
        for (MavlinkPlan v : vehicles) {
            String t = timer(v.timer(), v.source(), timerNames, firstTimer);
            boolean ok = claim(v.link(), "MAVLink", v.source(), serials, raw, claimedBy, protocolOf, true)
                    && uniqueRole(v.name(), v.source(), roleNames);
            if (ok && t != null) {
                vs.add(v.withTimer(t));
            }
        }
        for (DynamixelPlan b : buses) {
            String t = timer(b.timer(), b.source(), timerNames, firstTimer);
            boolean ok = claim(b.link(), "Dynamixel", b.source(), serials, raw, claimedBy, protocolOf, false)
                    && uniqueRole(b.name(), b.source(), roleNames);
            if (ok && t != null) {
                bs.add(b.withTimer(t));
            }
        }
        for (RawLinkPlan u : udps) {
            if (!claimedBy.containsKey(u.name())) {
                errors.add(u.source() + ": no <mavlink> uses this link; name it from one (<mavlink link=\"" + u.name()
                        + "\"/>) or remove it");
            }
        }
        for (Iterator<Object[]> it = linkRefs.iterator(); it.hasNext();) {
            Object[] ref = it.next();
            Source owner = claimedBy.get((String) ref[0]);
            if (owner != null) {
                errors.add(ref[1] + ": link '" + ref[0] + "' carries " + protocolOf.get((String) ref[0]) + " (the <"
                        + owner.element() + "> at line " + owner.line() + " uses it), not Canopy frames; put this device"
                        + " on a <serial> of its own");
                it.remove();
            }
        }
        links.removeIf(s -> claimedBy.containsKey(s.name()));
        return new DevicePlans(raw.stream().filter(l -> claimedBy.containsKey(l.name())).toList(), vs, bs);
    }

    private String timer(String named, Source where, Set<String> timerNames, String firstTimer) {
        if (named == null) {
            if (firstTimer == null) {
                errors.add(where + ": the node has no <timer> to tick this device; add one, for example"
                        + " <timer name=\"control\" hz=\"50\"/>");
            }
            return firstTimer;
        }
        if (!timerNames.contains(named)) {
            errors.add(where + ": attribute 'timer': no <timer> named '" + named + "' in this node"
                    + Names.suggestion(named, timerNames) + "; declare it, for example <timer name=\"" + named
                    + "\" hz=\"50\"/>");
            return null;
        }
        return named;
    }

    private boolean uniqueRole(String name, Source where, Map<String, Source> seen) {
        Source prev = seen.putIfAbsent(name, where);
        if (prev != null) {
            errors.add(where + ": a device named '" + name + "' is already declared at line " + prev.line()
                    + "; give each <mavlink> and <dynamixel> its own name (it prefixes events and blackboard keys)");
            return false;
        }
        return true;
    }

    private boolean claim(String link, String protocol, Source where, Map<String, SerialPlan> serials,
            List<RawLinkPlan> raw, Map<String, Source> claimedBy, Map<String, String> protocolOf, boolean udpOk) {
        Source prev = claimedBy.get(link);
        if (prev != null) {
            errors.add(where + ": link '" + link + "' is already used by the <" + prev.element() + "> at line "
                    + prev.line() + "; a raw link carries one device protocol: declare another link");
            return false;
        }
        SerialPlan s = serials.get(link);
        RawLinkPlan udp = raw.stream().filter(u -> u.name().equals(link)).findFirst().orElse(null);
        if (s == null && udp == null) {
            Set<String> known = new TreeSet<>(serials.keySet());
            raw.forEach(u -> known.add(u.name()));
            errors.add(where + ": attribute 'link': no <serial>" + (udpOk ? " or <udp>" : "") + " named '" + link
                    + "' in this node" + Names.suggestion(link, known) + "; declare it, for example <serial name=\""
                    + link + "\" port=\"/dev/ttyUSB0\" baud=\"" + (udpOk ? "57600" : "1000000") + "\"/>"
                    + (udpOk ? " or <udp name=\"" + link + "\" local=\"127.0.0.1:14550\"/>" : ""));
            return false;
        }
        if (udp != null && !udpOk) {
            errors.add(where + ": link '" + link + "' is UDP; a Dynamixel bus needs a half-duplex serial port: <serial"
                    + " name=\"" + link + "\" port=\"/dev/ttyUSB0\" baud=\"1000000\"/> (a U2D2 or another USB adapter)");
            return false;
        }
        if (s != null) {
            if (s.simulated()) {
                errors.add(where + ": link '" + link + "' is the in-process simulator (" + s.port() + "), which speaks"
                        + " Canopy frames, not " + protocol + "; give a real port or a pty");
                return false;
            }
            raw.add(new RawLinkPlan(link, s, null, 0, null, 0, s.source()));
        }
        claimedBy.put(link, where);
        protocolOf.put(link, protocol);
        return true;
    }
}

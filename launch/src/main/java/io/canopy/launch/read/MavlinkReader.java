package io.canopy.launch.read;

import io.canopy.launch.plan.MavlinkPlan;
import java.util.List;
import java.util.Locale;

/**
 * Reads {@code <mavlink name="mavlink" link="fc" system="1" component="1" timer="control" failsafe="hold"
 * hold_mode="BRAKE" .../>}: a flight controller on a raw link. Every error is one line naming the file, line,
 * column, element and how to fix it; all are reported at once.
 */
final class MavlinkReader {
    static final String[] ATTRIBUTES = {"name", "link", "timer", "system", "component", "own_system", "own_component",
        "heartbeat_timeout_ms", "heartbeat_period_ms", "command_timeout_ms", "command_retries", "setpoint_hz",
        "failsafe", "hold_mode", "stream_hz"};

    private MavlinkReader() {}

    /** The role, or null when switched off or wrong (errors recorded). Its timer is null when none is named. */
    static MavlinkPlan read(XmlElement e, Substitutions subst, List<String> errors) {
        ElementReader r = new ElementReader(e, subst, errors, ATTRIBUTES);
        for (XmlElement c : e.children) {
            errors.add(c.where() + ": <mavlink> takes no child elements; remove <" + c.name + ">");
        }
        if (!r.enabled()) {
            return null;
        }
        int before = errors.size();
        String name = DeviceReader.identifier(r, "name", "mavlink");
        String link = r.name("link", null, true);
        String timer = r.name("timer", null, false);
        int system = (int) r.integer("system", 1, 1, 255, "a MAVLink system id");
        int component = (int) r.integer("component", 1, 0, 255, "a MAVLink component id (1: the autopilot)");
        int ownSystem = (int) r.integer("own_system", 255, 1, 255, "Canopy's system id (255: a ground station's)");
        int ownComponent = (int) r.integer("own_component", 190, 0, 255, "Canopy's component id");
        int hbTimeout = (int) r.integer("heartbeat_timeout_ms", 3000, 100, 600_000, "milliseconds");
        int hbPeriod = (int) r.integer("heartbeat_period_ms", 1000, 20, 60_000, "milliseconds");
        int cmdTimeout = (int) r.integer("command_timeout_ms", 1000, 10, 60_000, "milliseconds");
        int retries = (int) r.integer("command_retries", 3, 0, 20, "resends");
        double setpointHz = r.positive("setpoint_hz", 10, 1000, "a rate in hertz (PX4 OFFBOARD needs more than 2)");
        String failsafe = r.choice("failsafe", "hold", "hold", "land");
        int streamHz = (int) r.integer("stream_hz", 10, 0, 100, "a telemetry rate in hertz (0: ask the vehicle for nothing)");
        String holdMode = r.string("hold_mode", "");
        if (hbTimeout <= hbPeriod) {
            r.error("heartbeat_timeout_ms " + hbTimeout + " must be longer than heartbeat_period_ms " + hbPeriod
                    + "; the usual values are 3000 and 1000");
        }
        if (holdMode != null && !holdMode.isEmpty() && !holdMode.matches("[A-Za-z_.]+")) {
            r.error("attribute 'hold_mode': \"" + holdMode + "\" is not a flight mode name; write for example BRAKE,"
                    + " LOITER (ArduPilot) or AUTO.LOITER (PX4)");
        }
        if (!"hold".equals(failsafe) && holdMode != null && !holdMode.isEmpty()) {
            r.error("attribute 'hold_mode' is used only with failsafe=\"hold\"; remove it or set failsafe=\"hold\"");
        }
        if (errors.size() > before || name == null || link == null) {
            return null;
        }
        return new MavlinkPlan(name, link, timer, system, component, ownSystem, ownComponent, hbTimeout, hbPeriod,
                cmdTimeout, retries, (int) Math.max(1, Math.round(1000 / setpointHz)), failsafe,
                holdMode == null ? "" : holdMode.toUpperCase(Locale.ROOT), streamHz, e.source());
    }
}

package io.canopy.launch.read;

import io.canopy.Names;
import io.canopy.launch.plan.DynamixelPlan;
import io.canopy.launch.plan.ServoPlan;
import io.canopy.launch.plan.Source;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads {@code <dynamixel name="arm" link="arm" mode="position" failsafe="torque_off" period_ms="10"
 * eeprom="write">} and its {@code <servo id="1" name="shoulder" model="XM430-W350"/>} children: a half-duplex bus of Protocol 2.0 servos.
 * Every error is one line naming the file, line, column, element and how to fix it; all are reported at once.
 */
final class DynamixelReader {
    static final String[] ATTRIBUTES = {"name", "link", "timer", "mode", "failsafe", "period_ms", "response_timeout_ms",
        "torque_on_start", "lost_after", "bus_watchdog_ms", "eeprom", "table"};
    /** Model families the shipped X-series control table describes (Protocol 2.0). */
    static final List<String> X_FAMILIES = List.of("XL330", "XL430", "XC330", "XC430", "XM430", "XM540", "XH430",
        "XH540", "XD430", "XD540", "XW430", "XW540", "2XL430", "2XC430");

    private DynamixelReader() {}

    /** The bus, or null when switched off or wrong (errors recorded). Its timer is null when none is named. */
    static DynamixelPlan read(XmlElement e, Substitutions subst, List<String> errors) {
        ElementReader r = new ElementReader(e, subst, errors, ATTRIBUTES);
        if (!r.enabled()) {
            return null;
        }
        int before = errors.size();
        String name = DeviceReader.identifier(r, "name", "dynamixel");
        String link = r.name("link", null, true);
        String timer = r.name("timer", null, false);
        String mode = r.choice("mode", "position", "position", "velocity");
        String failsafe = r.choice("failsafe", "torque_off", "torque_off", "zero_velocity");
        int periodMs = (int) r.integer("period_ms", 10, 1, 10_000, "milliseconds per bus cycle");
        int responseMs = (int) r.integer("response_timeout_ms", 20, 1, 1000, "milliseconds");
        boolean torqueOn = r.bool("torque_on_start", true);
        int lostAfter = (int) r.integer("lost_after", 10, 0, 100_000, "unanswered reads (0: never)");
        int watchdogMs = (int) r.integer("bus_watchdog_ms", 0, 0, 2540, "milliseconds (0: off)");
        if (watchdogMs > 0 && watchdogMs <= 2 * periodMs) {
            r.error("bus_watchdog_ms " + watchdogMs + " must exceed two bus cycles (" + 2 * periodMs + " ms), or the servos"
                    + " stop between two of Canopy's writes; write for example bus_watchdog_ms=\"100\"");
        }
        String eeprom = r.choice("eeprom", "write", "write", "keep");
        Path table = r.file("table", false, "my-servos.table");
        if ("zero_velocity".equals(failsafe) && !"velocity".equals(mode)) {
            r.error("failsafe=\"zero_velocity\" needs mode=\"velocity\" (a servo in position mode ignores goal velocity);"
                    + " use failsafe=\"torque_off\"");
        }
        List<ServoPlan> servos = new ArrayList<>();
        Map<Integer, Source> ids = new HashMap<>();
        Map<String, Source> names = new HashMap<>();
        for (XmlElement c : e.children) {
            if (!c.name.equals("servo")) {
                errors.add(c.where() + ": unknown element <" + c.name + "> inside <dynamixel>; it holds only"
                        + " <servo id=\"1\" name=\"shoulder\" model=\"XM430-W350\"/>");
                continue;
            }
            ServoPlan s = servo(c, subst, errors, table != null);
            if (s == null) {
                continue;
            }
            Source prev = ids.putIfAbsent(s.id(), s.source());
            if (prev != null) {
                errors.add(c.where() + ": servo id " + s.id() + " is already used at line " + prev.line()
                        + "; every servo on a bus needs its own id (set it with the ROBOTIS Dynamixel Wizard)");
                continue;
            }
            prev = names.putIfAbsent(s.name(), s.source());
            if (prev != null) {
                errors.add(c.where() + ": a servo named '" + s.name() + "' is already declared at line " + prev.line()
                        + "; give each servo its own name");
                continue;
            }
            servos.add(s);
        }
        if (e.children.isEmpty()) {
            r.error("no servos; add one <servo id=\"1\" name=\"shoulder\" model=\"XM430-W350\"/> per servo on the bus");
        }
        if (errors.size() > before || name == null || link == null) {
            return null;
        }
        return new DynamixelPlan(name, link, timer, mode, failsafe, periodMs, responseMs, torqueOn, lostAfter, watchdogMs,
                eeprom, table, servos, e.source());
    }

    private static ServoPlan servo(XmlElement c, Substitutions subst, List<String> errors, boolean ownTable) {
        ElementReader r = new ElementReader(c, subst, errors, "id", "name", "model");
        for (XmlElement g : c.children) {
            errors.add(g.where() + ": <servo> takes no child elements; remove <" + g.name + ">");
        }
        if (!r.enabled()) {
            return null;
        }
        int before = errors.size();
        if (!r.has("id")) {
            r.error("missing attribute 'id'; give the servo's id on the bus, for example id=\"1\"");
        }
        int id = (int) r.integer("id", -1, 0, 252, "a servo id (253 and up are reserved)");
        String name = DeviceReader.identifier(r, "name", null);
        if (name == null && !r.has("name")) {
            r.error("missing attribute 'name'; name the joint, for example name=\"shoulder\" (it makes the blackboard"
                    + " keys ARM_shoulder_position and ARM_shoulder_goal)");
        }
        String model = r.string("model", "");
        if (model != null && !model.isEmpty() && !ownTable) {
            String family = model.contains("-") ? model.substring(0, model.indexOf('-')) : model;
            if (!X_FAMILIES.contains(family.toUpperCase(Locale.ROOT))) {
                r.error("attribute 'model': \"" + model + "\" is not an X-series servo" + Names.suggestion(family, X_FAMILIES)
                        + "; the shipped control table covers " + String.join(", ", X_FAMILIES)
                        + " (Protocol 2.0); for another family give the bus table=\"FILE\"");
            }
        }
        if (errors.size() > before || name == null || id < 0) {
            return null;
        }
        return new ServoPlan(id, name, model == null ? "" : model, c.source());
    }
}

package io.canopy.hardware.dynamixel;

import io.canopy.InputException;

/**
 * One bus of Dynamixel servos.
 *
 * @param name              the role's name: prefix of its events ({@code <name>.no_answer}) and blackboard keys
 * @param ids               the servo ids on the bus, 0..252, no repeats
 * @param mode              what goals are: positions (rad) or velocities (rad/s)
 * @param failsafe          what the failsafe does: torque off (the servos go limp) or goal velocity 0
 * @param periodMs          one bus cycle (write goals, read states): its rate bounds how fresh positions are
 * @param responseTimeoutMs how long a status packet may take before the servo counts as not answering
 * @param torqueOnStart     enable torque on every servo when the bus starts
 * @param lostAfter         a servo that missed this many reads in a row is lost: {@code <name>.servo_lost} and the
 *                          failsafe for the whole bus (0: never)
 * @param busWatchdogMs     written to every servo's Bus Watchdog (address 98, in 20 ms steps) at start and when the
 *                          port comes back: a servo that hears nothing for this long stops by itself, even if Canopy
 *                          died (0: off, the servos' default)
 * @param models            the model number each servo must answer to PING ({@code models[i]} for {@code ids[i]};
 *                          {@link DxlModels#number} makes one from a name), 0: any model the control table is for
 * @param eepromWrites      whether the bus may write EEPROM items (Operating Mode) that differ from what it needs;
 *                          false ({@code eeprom="keep"}): such a servo is refused and not driven
 */
public record DynamixelConfig(String name, int[] ids, Mode mode, Failsafe failsafe, long periodMs,
        long responseTimeoutMs, boolean torqueOnStart, int lostAfter, int busWatchdogMs, int[] models,
        boolean eepromWrites) {

    /** What the goal entries mean. */
    public enum Mode { POSITION, VELOCITY }

    /** What the failsafe writes. */
    public enum Failsafe { TORQUE_OFF, ZERO_VELOCITY }

    /**
     * Position goals, torque off in the failsafe, a 10 ms cycle, 20 ms response timeout, torque on at start, a
     * servo lost after 10 missed reads, EEPROM items written when they differ.
     */
    public static DynamixelConfig of(String name, int... ids) {
        return new DynamixelConfig(name, ids.clone(), Mode.POSITION, Failsafe.TORQUE_OFF, 10, 20, true, 10, 0,
                new int[ids.length], true);
    }

    /** The model number each servo must have ({@code models[i]} for {@code ids[i]}; 0: any the table is for). */
    public DynamixelConfig withModels(int... expected) {
        return new DynamixelConfig(name, ids, mode, failsafe, periodMs, responseTimeoutMs, torqueOnStart, lostAfter,
                busWatchdogMs, expected.clone(), eepromWrites);
    }

    /** The model number servo {@code index} must have, 0 for any. */
    public int model(int index) {
        return models == null || index >= models.length ? 0 : models[index];
    }

    public DynamixelConfig with(Mode mode, Failsafe failsafe) {
        return new DynamixelConfig(name, ids, mode, failsafe, periodMs, responseTimeoutMs, torqueOnStart, lostAfter,
                busWatchdogMs, models, eepromWrites);
    }

    public DynamixelConfig withTiming(long periodMs, long responseTimeoutMs) {
        return new DynamixelConfig(name, ids, mode, failsafe, periodMs, responseTimeoutMs, torqueOnStart, lostAfter,
                busWatchdogMs, models, eepromWrites);
    }

    public DynamixelConfig withStart(boolean torqueOnStart, int lostAfter) {
        return new DynamixelConfig(name, ids, mode, failsafe, periodMs, responseTimeoutMs, torqueOnStart, lostAfter,
                busWatchdogMs, models, eepromWrites);
    }

    public DynamixelConfig withBusWatchdog(int busWatchdogMs) {
        return new DynamixelConfig(name, ids, mode, failsafe, periodMs, responseTimeoutMs, torqueOnStart, lostAfter,
                busWatchdogMs, models, eepromWrites);
    }

    /**
     * Whether the bus may write EEPROM items that differ from what it needs (true, the default); false: it only
     * reads them, and refuses a servo whose value differs (set it with DYNAMIXEL Wizard 2.0).
     */
    public DynamixelConfig withEepromWrites(boolean writes) {
        return new DynamixelConfig(name, ids, mode, failsafe, periodMs, responseTimeoutMs, torqueOnStart, lostAfter,
                busWatchdogMs, models, writes);
    }

    /** Checks every value; one line naming the bus, the value and the allowed range. */
    public DynamixelConfig validate() {
        if (name == null || !name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw new InputException("dynamixel: name '" + name + "' must be an identifier like arm (it prefixes"
                    + " blackboard keys and events)");
        }
        String where = "dynamixel '" + name + "': ";
        if (ids == null || ids.length == 0) {
            throw new InputException(where + "no servo ids; give ids=\"1,2,3\"");
        }
        boolean[] seen = new boolean[256];
        for (int id : ids) {
            if (id < 0 || id > 252) {
                throw new InputException(where + "servo id " + id + " is outside 0..252 (253..255 are reserved)");
            }
            if (seen[id]) {
                throw new InputException(where + "servo id " + id + " is given twice");
            }
            seen[id] = true;
        }
        if (models != null && models.length != ids.length) {
            throw new InputException(where + models.length + " model numbers for " + ids.length + " servos; give one per"
                    + " servo (0: any)");
        }
        for (int m : models == null ? new int[0] : models) {
            if (m < 0 || m > 0xFFFF) {
                throw new InputException(where + "model number " + m + " is outside 0..65535");
            }
        }
        if (periodMs <= 0 || responseTimeoutMs <= 0 || mode == null || failsafe == null || lostAfter < 0) {
            throw new InputException(where + "period " + periodMs + " ms and response timeout " + responseTimeoutMs
                    + " ms must be positive, and mode and failsafe given");
        }
        if (busWatchdogMs < 0 || busWatchdogMs > 127 * 20 || busWatchdogMs > 0 && busWatchdogMs <= 2 * periodMs) {
            throw new InputException(where + "bus watchdog " + busWatchdogMs + " ms must be 0 (off) or more than two bus"
                    + " cycles (" + 2 * periodMs + " ms) and at most 2540 ms");
        }
        if (failsafe == Failsafe.ZERO_VELOCITY && mode != Mode.VELOCITY) {
            throw new InputException(where + "failsafe zero_velocity needs mode velocity (a servo in position mode"
                    + " ignores goal velocity); use failsafe torque_off");
        }
        return this;
    }
}

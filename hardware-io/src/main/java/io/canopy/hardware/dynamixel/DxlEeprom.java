package io.canopy.hardware.dynamixel;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The EEPROM items a {@link DynamixelBus} sets at start, on its bus thread: each answering servo's Operating Mode
 * (address 11) must match {@link DynamixelConfig#mode()} (velocity: 1; position: 3, or 4 and 5, which take
 * positions too). It is read first; one that differs gets torque off and the mode written with single WRITEs (the
 * EEPROM area is writable only with torque off), checked by reading it back; one line tells it, or tells that the
 * servo refused ({@code <name>.servo_error}, value: id). A servo whose mode matches is not written (flash wears).
 * Without {@link DynamixelConfig#eepromWrites()} ({@code eeprom="keep"}) nothing is written: a servo whose mode
 * differs is refused in one ERROR line naming the bus, the servo, the item, the value found and the value wanted,
 * and {@code <name>.servo_error}, and is marked in {@code undriven} (no goals, no torque on) until a later start
 * finds it right.
 */
final class DxlEeprom {
    private static final Logger LOG = LoggerFactory.getLogger(DynamixelBus.class);

    private final DynamixelConfig config;
    private final DxlTransactions tx;
    private final DxlEvents events;
    private final int[] ids;
    private final ControlTable.Item torque;
    private final ControlTable.Item operatingMode;
    private final boolean[] undriven;

    DxlEeprom(DynamixelConfig config, ControlTable table, DxlTransactions tx, DxlEvents events, int[] ids,
            boolean[] undriven) {
        this.config = config;
        this.undriven = undriven;
        this.tx = tx;
        this.events = events;
        this.ids = ids;
        this.torque = table.item("torque_enable");
        this.operatingMode = table.has("operating_mode") ? table.item("operating_mode") : null;
    }

    static String modeName(long mode) {
        return switch ((int) mode) {
            case 0 -> "current";
            case 1 -> "velocity";
            case 3 -> "position";
            case 4 -> "extended position";
            case 5 -> "current-based position";
            case 16 -> "PWM";
            default -> "unknown";
        };
    }

    private static final int READ_TRIES = 3;

    /** Puts every servo that answered PING ({@code models[i] > 0}) in the operating mode the bus's goals are for. */
    void operatingModes(int[] models) {
        if (operatingMode == null) {
            return; // a family whose table has no operating mode
        }
        boolean velocityMode = config.mode() == DynamixelConfig.Mode.VELOCITY;
        int want = velocityMode ? 1 : 3;
        for (int i = 0; i < ids.length && tx.up(); i++) {
            if (models[i] <= 0) {
                continue; // did not answer PING: told already
            }
            long mode = -1;
            for (int attempt = 0; attempt < READ_TRIES && mode < 0 && tx.up(); attempt++) {
                mode = tx.readOne(i, operatingMode); // a status late on a busy host is retried, as PING is
            }
            undriven[i] = false;
            if (mode < 0 && !config.eepromWrites()) {
                // eeprom="keep": a mode that could not be read is not known to be right, so the servo is not driven
                undriven[i] = true;
                LOG.error("dynamixel '{}': servo {} did not answer {} reads of its Operating Mode; eeprom=\"keep\" drives"
                        + " only a servo whose mode is known to fit, so this servo is not driven until the port comes back;"
                        + " check its cable and power", config.name(), ids[i], READ_TRIES);
                events.servoError(ids[i]);
                continue;
            }
            if (mode < 0 || (velocityMode ? mode == 1 : mode == 3 || mode == 4 || mode == 5)) {
                continue;
            }
            if (!config.eepromWrites()) {
                undriven[i] = true;
                LOG.error("dynamixel '{}': servo {} has Operating Mode {} ({}) in its EEPROM, mode=\"{}\" wants {} ({});"
                        + " eeprom=\"keep\" forbids writing it, so this servo is not driven: set its Operating Mode to {}"
                        + " with DYNAMIXEL Wizard 2.0, or write eeprom=\"write\" on <dynamixel name=\"{}\">", config.name(),
                        ids[i], mode, modeName(mode), velocityMode ? "velocity" : "position", want, modeName(want), want,
                        config.name());
                events.servoError(ids[i]);
                continue;
            }
            tx.writeOne(i, torque, 0);
            tx.writeOne(i, operatingMode, want);
            long now = tx.readOne(i, operatingMode);
            if (now == want) {
                LOG.info("dynamixel '{}': servo {} was in operating mode {} ({}); set it to {} ({}) for mode=\"{}\"",
                        config.name(), ids[i], mode, modeName(mode), want, modeName(want), velocityMode ? "velocity" : "position");
            } else {
                LOG.warn("dynamixel '{}': servo {} is in operating mode {} ({}) and did not take {} ({}): the bus's goals will"
                        + " not move it; set its Operating Mode with DYNAMIXEL Wizard 2.0", config.name(), ids[i], mode,
                        modeName(mode), want, modeName(want));
                events.servoError(ids[i]);
            }
        }
    }
}

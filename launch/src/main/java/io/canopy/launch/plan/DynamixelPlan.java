package io.canopy.launch.plan;

import java.nio.file.Path;
import java.util.List;

/**
 * A bus of Dynamixel Protocol 2.0 servos ({@code <dynamixel name link ...><servo .../></dynamixel>}) on a
 * half-duplex serial link. Its blackboard keys are {@code <name>_<servo>_position} (read every tick) and
 * {@code <name>_<servo>_goal} (written by trees), its events {@code <name>.no_answer}, ...
 *
 * @param mode        "position" (goals in rad) or "velocity" (rad/s)
 * @param failsafe    "torque_off" or "zero_velocity"
 * @param lostAfter   consecutive unanswered reads after which a servo is lost (and the failsafe fires); 0: never
 * @param busWatchdogMs the servos' own Bus Watchdog: they stop when they hear nothing this long (0: off)
 * @param eeprom      "write" (the default): EEPROM items that differ from what the bus needs (Operating Mode) are
 *                    written at start; "keep": never written, a servo whose value differs is refused and not driven
 * @param table       a control table file for another servo family, or null for the X series that ships
 */
public record DynamixelPlan(String name, String link, String timer, String mode, String failsafe, int periodMs,
        int responseTimeoutMs, boolean torqueOnStart, int lostAfter, int busWatchdogMs, String eeprom, Path table,
        List<ServoPlan> servos, Source source) {
    public DynamixelPlan {
        servos = List.copyOf(servos);
    }

    /** Whether the bus may write EEPROM items at start ({@code eeprom="write"}). */
    public boolean eepromWrites() {
        return !"keep".equals(eeprom);
    }

    /** The same bus on {@code timerName}. */
    public DynamixelPlan withTimer(String timerName) {
        return new DynamixelPlan(name, link, timerName, mode, failsafe, periodMs, responseTimeoutMs, torqueOnStart,
                lostAfter, busWatchdogMs, eeprom, table, servos, source);
    }
}

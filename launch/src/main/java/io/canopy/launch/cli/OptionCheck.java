package io.canopy.launch.cli;

import io.canopy.InputException;
import io.canopy.tick.Durations;

/** Range checks of numeric options whose message names the command, the option and the value given. */
public final class OptionCheck {
    private OptionCheck() {}

    /** Refuses {@code value < min} (NaN too) with "{@code command: option value: give min or more}". */
    /**
     * A duration option ({@code 500ms}, {@code 5s}, {@code 2m}, a plain number of seconds), read by the one
     * duration parser ({@link io.canopy.tick.Durations}); {@code positive} refuses 0.
     */
    public static long durationNs(String option, String text, boolean positive) {
        long ns;
        try {
            ns = Durations.parseNs(text);
        } catch (IllegalArgumentException e) {
            throw new InputException(option + " " + text + ": not a duration; write for example "
                    + Durations.EXAMPLES);
        }
        if (positive && ns <= 0) {
            throw new InputException(option + " " + text + ": must be above 0; write for example 5s");
        }
        return ns;
    }

    public static void atLeast(String command, String option, double value, double min) {
        if (!(value >= min)) {
            throw new InputException(command + ": " + option + " " + format(value) + " is out of range; give "
                    + format(min) + " or more");
        }
    }

    /** Refuses {@code value <= 0} (NaN too). */
    public static void positive(String command, String option, double value) {
        if (!(value > 0)) {
            throw new InputException(command + ": " + option + " " + format(value)
                    + " is out of range; give a value above 0");
        }
    }

    private static String format(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}

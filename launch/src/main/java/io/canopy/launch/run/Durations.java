package io.canopy.launch.run;

import io.canopy.InputException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as written on the command line: {@code 30s}, {@code 500ms}, {@code 2m}, {@code 1h}, {@code 1.5s}. */
public final class Durations {
    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)?");

    private Durations() {}

    /** The duration in nanoseconds; a number without a unit is seconds. */
    public static long parseNs(String text, String what) {
        Matcher m = FORM.matcher(text.strip());
        if (!m.matches()) {
            throw new InputException(what + " " + text + ": not a duration; write for example 30s, 500ms, 2m or 1h");
        }
        double n = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        double ns = switch (unit) {
            case "ms" -> n * 1e6;
            case "s" -> n * 1e9;
            case "m" -> n * 60e9;
            default -> n * 3600e9;
        };
        if (ns <= 0 || ns > 365 * 24 * 3600e9) {
            throw new InputException(what + " " + text + ": out of range; give a duration above 0 and under a year");
        }
        return Math.round(ns);
    }
}

package io.canopy.tick;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one duration parser of Canopy: the command line ({@code --duration 5s}), launch files, timer periods
 * ({@code 5ms}) and SCXML {@code <send delay>} (CSS2 times) all read durations here. Accepted: a number
 * (whole or decimal, {@code .5} too) followed by {@code ns}, {@code us}, {@code ms}, {@code s}, {@code m}
 * or {@code h}; without a unit, seconds (unless the caller requires a unit).
 */
public final class Durations {
    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d*)?|\\.\\d+)\\s*(ns|us|ms|s|m|h)?");
    /** The examples every message gives. */
    public static final String EXAMPLES = "500ms, 5s, 2m, 1h or a plain number of seconds";

    private Durations() {}

    /**
     * The duration in nanoseconds, 0 or more; a number without a unit is seconds.
     *
     * @throws IllegalArgumentException naming the text and the accepted forms
     */
    public static long parseNs(String text) {
        return parseNs(text, false);
    }

    /** As {@link #parseNs(String)}; with {@code unitRequired}, a bare number is refused. */
    public static long parseNs(String text, boolean unitRequired) {
        String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        Matcher m = FORM.matcher(t);
        if (!m.matches() || (unitRequired && m.group(2) == null)) {
            throw new IllegalArgumentException("\"" + text + "\" is not a duration; write for example "
                    + (unitRequired ? "500ms, 5s or 2m" : EXAMPLES));
        }
        double n = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        double ns = switch (unit) {
            case "ns" -> n;
            case "us" -> n * 1e3;
            case "ms" -> n * 1e6;
            case "s" -> n * 1e9;
            case "m" -> n * 60e9;
            default -> n * 3600e9;
        };
        if (ns > 100L * 365 * 24 * 3600e9) {
            throw new IllegalArgumentException("\"" + text + "\" is out of range; give a duration under a hundred years");
        }
        return Math.round(ns);
    }
}

package io.canopy.statemachine.build;

import io.canopy.tick.Durations;

/** CSS2 time values of {@code <send delay>}: {@code 1s}, {@code .5s}, {@code 250ms} (read by {@link Durations}). */
final class Delays {
    private Delays() {}

    /**
     * Whether {@code text} is a number without a unit ({@code 3}, {@code 1500}, {@code 2.5}): not a CSS2 time, but
     * Apache Commons SCXML ({@code Send.parseDelay}: no suffix, multiplier 1 ms), uSCXML ("unit less delay is
     * interpreted as milliseconds", BasicContentExecutor) and SCION ({@code getDelayInMs}: {@code parseFloat} of the
     * bare string, in ms) read it as milliseconds; Qt SCXML's {@code parseTime} requires "s" or "ms" and refuses it.
     */
    static boolean isBareNumber(String text) {
        return text.trim().matches("[0-9]*\\.?[0-9]+");
    }

    /** A bare number read as milliseconds, in nanoseconds. */
    static long bareNs(String text) {
        return Math.round(Double.parseDouble(text.trim()) * 1_000_000.0);
    }

    /** Nanoseconds; throws IllegalArgumentException naming the value and the expected form. */
    static long parseNs(String text) {
        String t = text.trim();
        if (!(t.endsWith("ms") || t.endsWith("s")) || t.endsWith("ns") || t.endsWith("us")) {
            throw new IllegalArgumentException("delay \"" + text + "\" is not a CSS2 time: write it like 1s, .5s or 250ms");
        }
        try {
            return Durations.parseNs(t, true);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("delay \"" + text + "\" is not a CSS2 time: write it like 1s, .5s or 250ms");
        }
    }
}

package io.canopy.statemachine.build;

import io.canopy.tick.Durations;

/** CSS2 time values of {@code <send delay>}: {@code 1s}, {@code .5s}, {@code 250ms} (read by {@link Durations}). */
final class Delays {
    private Delays() {}

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

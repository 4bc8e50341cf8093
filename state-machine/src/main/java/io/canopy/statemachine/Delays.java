package io.canopy.statemachine;

/** CSS2 time values of {@code <send delay>}: {@code 1s}, {@code .5s}, {@code 250ms}. */
final class Delays {
    private Delays() {}

    /** Nanoseconds; throws IllegalArgumentException naming the value and the expected form. */
    static long parseNs(String text) {
        String t = text.trim();
        double scale;
        String number;
        if (t.endsWith("ms")) {
            scale = 1e6;
            number = t.substring(0, t.length() - 2);
        } else if (t.endsWith("s")) {
            scale = 1e9;
            number = t.substring(0, t.length() - 1);
        } else {
            throw new IllegalArgumentException("delay \"" + text + "\" is not a CSS2 time: write it like 1s, .5s or 250ms");
        }
        try {
            double value = Double.parseDouble(number.trim());
            if (value < 0 || Double.isNaN(value) || Double.isInfinite(value)) {
                throw new NumberFormatException();
            }
            return Math.round(value * scale);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("delay \"" + text + "\" is not a CSS2 time: write it like 1s, .5s or 250ms");
        }
    }
}

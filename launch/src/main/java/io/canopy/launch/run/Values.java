package io.canopy.launch.run;

import java.util.Locale;

/** Number formatting for payloads and the status line. */
final class Values {
    private Values() {}

    /** A number as short text: integers without a fraction, others with up to 4 decimals. */
    static String format(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return String.format(Locale.ROOT, "%.4f", v).replaceAll("0+$", "");
    }
}

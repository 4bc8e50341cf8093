package io.canopy.launch.run;

import java.util.Locale;
import java.util.concurrent.TimeUnit;

/** Number formatting for payloads, the status line and the logs. */
public final class NumberText {
    private NumberText() {}

    /** A number as short text: integers without a fraction, others with up to 4 decimals. */
    public static String format(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return String.format(Locale.ROOT, "%.4f", v).replaceAll("0+$", "");
    }

    /** Nanoseconds as whole milliseconds (for the logs). */
    static long ms(long ns) {
        return TimeUnit.NANOSECONDS.toMillis(ns);
    }
}

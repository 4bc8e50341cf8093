package io.canopy.tick;

import io.canopy.InputException;
import java.util.Locale;

/**
 * The rate of a named timer, kept as an exact fraction so that the k-th deadline is
 * {@code start + floor(k * numeratorNs / denominator)}: 3 Hz ticks at 333,333,333 / 666,666,666 /
 * 1,000,000,000 ns and never drifts, where a rounded period of 333,333,333 ns would lose 1 ns every three
 * ticks. Immutable.
 */
public final class TickRate {
    private static final long NS_PER_SECOND = 1_000_000_000L;
    private static final long MAX_HZ = 1_000_000L;

    final long numeratorNs; // read by TickTimer on the tick path
    final long denominator;

    private TickRate(long numeratorNs, long denominator) {
        long g = gcd(numeratorNs, denominator);
        this.numeratorNs = numeratorNs / g;
        this.denominator = denominator / g;
    }

    /** {@code hz} ticks per second, 1 to 1,000,000. */
    public static TickRate hz(long hz) {
        if (hz < 1 || hz > MAX_HZ) {
            throw new IllegalArgumentException("rate must be 1 to " + MAX_HZ + " Hz: " + hz);
        }
        return new TickRate(NS_PER_SECOND, hz);
    }

    /**
     * {@code hz} ticks per second; exact for whole numbers and for rates with at most three decimals below
     * 1 kHz (0.5 Hz, 2.5 Hz), otherwise rounded to the nearest nanosecond period.
     */
    public static TickRate hz(double hz) {
        if (!(hz > 0) || hz > MAX_HZ || Double.isInfinite(hz)) {
            throw new IllegalArgumentException("rate must be above 0 and at most " + MAX_HZ + " Hz: " + hz);
        }
        if (hz == Math.rint(hz) && hz >= 1) {
            return hz((long) hz);
        }
        double milliHz = hz * 1000;
        if (milliHz == Math.rint(milliHz) && milliHz <= MAX_HZ) {
            return new TickRate(1000 * NS_PER_SECOND, (long) milliHz);
        }
        return periodNs(Math.max(1, Math.round(NS_PER_SECOND / hz)));
    }

    /** One tick every {@code periodNs} nanoseconds (at least 1). */
    public static TickRate periodNs(long periodNs) {
        if (periodNs < 1) {
            throw new IllegalArgumentException("period must be at least 1 ns: " + periodNs);
        }
        return new TickRate(periodNs, 1);
    }

    /** One tick every {@code periodMs} milliseconds. */
    public static TickRate periodMs(long periodMs) {
        if (periodMs < 1 || periodMs > Long.MAX_VALUE / 1_000_000L) {
            throw new IllegalArgumentException("period must be at least 1 ms: " + periodMs);
        }
        return periodNs(periodMs * 1_000_000L);
    }

    /**
     * Parses a rate as written in launch files: {@code 200Hz}, {@code 2.5 Hz}, {@code 1kHz}, or a period
     * {@code 5ms}, {@code 250us}, {@code 1s}, {@code 100000ns}. Throws {@link InputException} naming
     * {@code where} (file, line, element) and the accepted forms.
     */
    public static TickRate parse(String text, String where) {
        String s = text == null ? "" : text.trim().replace(" ", "");
        String lower = s.toLowerCase(Locale.ROOT);
        try {
            if (lower.endsWith("khz")) {
                return hz(Double.parseDouble(s.substring(0, s.length() - 3)) * 1000);
            }
            if (lower.endsWith("hz")) {
                return hz(Double.parseDouble(s.substring(0, s.length() - 2)));
            }
            if (lower.endsWith("s")) {
                return periodNs(Durations.parseNs(s, true));
            }
        } catch (IllegalArgumentException e) {
            throw new InputException(where + ": rate \"" + text + "\" is not valid (" + e.getMessage()
                    + "); write a rate such as 200Hz, 2.5Hz, 1kHz or a period such as 5ms, 250us, 1s");
        }
        throw new InputException(where + ": rate \"" + text
                + "\" has no unit; write a rate such as 200Hz, 2.5Hz, 1kHz or a period such as 5ms, 250us, 1s");
    }

    /** Offset of the k-th deadline (k >= 0) from the timer's start: floor(k * period), exact. */
    long offsetNs(long k) {
        long whole = k / denominator;
        long rest = k % denominator;
        return whole * numeratorNs + (rest * numeratorNs) / denominator;
    }

    /** The smallest k with {@code offsetNs(k) > elapsedNs} (elapsedNs >= 0). */
    long firstIndexAfter(long elapsedNs) {
        // k = floor(elapsed * den / num) + 1 is either right or one too small because of flooring
        long whole = elapsedNs / numeratorNs;
        long rest = elapsedNs % numeratorNs;
        long k = whole * denominator + (rest * denominator) / numeratorNs;
        while (offsetNs(k) <= elapsedNs) {
            k++;
        }
        return k;
    }

    /** The mean period in nanoseconds, rounded down. */
    public long periodNs() {
        return numeratorNs / denominator;
    }

    /** Ticks per second. */
    public double hz() {
        return (double) NS_PER_SECOND * denominator / numeratorNs;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TickRate r && r.numeratorNs == numeratorNs && r.denominator == denominator;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(numeratorNs) * 31 + Long.hashCode(denominator);
    }

    @Override
    public String toString() {
        double hz = hz();
        return hz == Math.rint(hz) ? (long) hz + " Hz" : hz + " Hz (period " + numeratorNs + "/" + denominator + " ns)";
    }

    private static long gcd(long a, long b) {
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a;
    }
}

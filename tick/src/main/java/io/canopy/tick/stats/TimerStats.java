package io.canopy.tick.stats;

import io.canopy.tick.TickRate;
import io.canopy.tick.TickTimer;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * A snapshot of one named timer's statistics, taken on any thread by {@link TickTimer#stats()}: ticks run,
 * deadlines missed (skipped because a tick or a wake-up came too late), overruns (ticks after which at
 * least one deadline was skipped), listener errors, and histograms of lateness (tick start minus its
 * deadline) and tick duration, in nanoseconds. Values above 10 s are recorded as 10 s. Immutable: the
 * histograms are private copies.
 *
 * <p>Precision (HdrHistogram, 1 ns to 10 s, 3 significant digits): a value is reported as the highest value of
 * its bucket, at most 1/1024 above the recorded one: exact up to 2,047 ns, at most 31 ns above up to 65.5 us,
 * 63 ns up to 131 us, 127 ns up to 262 us. The figures printed in us with one decimal ({@code canopy bench
 * ticker}, the status line, the {@code timers} topic) are therefore within 0.1 us of the recorded value below
 * 131 us, and within 0.1 % above.
 */
public final class TimerStats {
    private final String name;
    private final TickRate rate;
    private final long ticks;
    private final long missed;
    private final long overruns;
    private final long errors;
    private final long unrecorded;
    private final Histogram latenessNs;
    private final Histogram durationNs;

    TimerStats(String name, TickRate rate, long ticks, long missed, long overruns, long errors, long unrecorded,
            Histogram latenessNs, Histogram durationNs) {
        this.name = name;
        this.rate = rate;
        this.ticks = ticks;
        this.missed = missed;
        this.overruns = overruns;
        this.errors = errors;
        this.unrecorded = unrecorded;
        this.latenessNs = latenessNs;
        this.durationNs = durationNs;
    }

    public String name() {
        return name;
    }

    public TickRate rate() {
        return rate;
    }

    public long ticks() {
        return ticks;
    }

    public long missed() {
        return missed;
    }

    public long overruns() {
        return overruns;
    }

    public long errors() {
        return errors;
    }

    /**
     * Ticks counted in {@link #ticks()} but not in the histograms: an interval holds 2^31 - 1 ticks (24 days
     * at 1 kHz), and a timer whose statistics nobody read for longer leaves the later ones out until the next
     * read. 0 whenever something reads them (the status line, the {@code timers} topic) now and then.
     */
    public long unrecorded() {
        return unrecorded;
    }

    /** The lateness at {@code percentile} (0 to 100), in nanoseconds; 0 when nothing was recorded. */
    public long latenessNsAt(double percentile) {
        return latenessNs.getValueAtPercentile(percentile);
    }

    public long maxLatenessNs() {
        return latenessNs.getMaxValue();
    }

    /** The tick duration at {@code percentile} (0 to 100), in nanoseconds. */
    public long durationNsAt(double percentile) {
        return durationNs.getValueAtPercentile(percentile);
    }

    public long maxDurationNs() {
        return durationNs.getMaxValue();
    }

    /** A copy of the lateness histogram, in nanoseconds. */
    public Histogram latenessHistogram() {
        return latenessNs.copy();
    }

    /** A copy of the tick-duration histogram, in nanoseconds. */
    public Histogram durationHistogram() {
        return durationNs.copy();
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT,
                "%s @ %s: %d ticks, %d missed, %d overruns, %d errors, lateness p50 %.1f us p99 %.1f us max %.1f us,"
                        + " duration p50 %.1f us max %.1f us",
                name, rate, ticks, missed, overruns, errors, latenessNsAt(50) / 1e3, latenessNsAt(99) / 1e3,
                maxLatenessNs() / 1e3, durationNsAt(50) / 1e3, maxDurationNs() / 1e3);
    }
}

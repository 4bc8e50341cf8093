package io.canopy.bt.observe;

/**
 * How a tick span is packed into a {@link TransitionRing} entry: the entry's time is the tick's start, its
 * packed long the tick number (low 32 bits) and the duration in nanoseconds (32 bits, at most about 4.3 s;
 * longer ticks show as that).
 */
public final class Spans {
    /** Entries kept per span ring: over a minute of ticks at 200 Hz between two reads. */
    public static final int DEFAULT_RING = 1 << 14;
    private static final long MAX_DURATION = 0xFFFF_FFFFL;

    private Spans() {}

    static long pack(long tick, long durationNs) {
        return (tick << 32) | Math.max(0, Math.min(MAX_DURATION, durationNs));
    }

    public static long tick(long packed) {
        return packed >>> 32;
    }

    public static long durationNs(long packed) {
        return packed & MAX_DURATION;
    }
}

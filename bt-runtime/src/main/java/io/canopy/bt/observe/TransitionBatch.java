package io.canopy.bt.observe;

import io.canopy.bt.Status;

/** A reader's copy of some transitions (see {@link TransitionRing.Reader#poll}); reused between polls. */
public final class TransitionBatch {
    private static final Status[] STATUSES = Status.values();
    final long[] times;
    final long[] packed;
    int count;

    public TransitionBatch(int capacity) {
        times = new long[capacity];
        packed = new long[capacity];
    }

    public int capacity() {
        return times.length;
    }

    /** Transitions held after the last poll. */
    public int count() {
        return count;
    }

    /** Clock time (ns, the tree's clock) of the tick in which transition {@code k} happened. */
    public long timeNs(int k) {
        return times[k];
    }

    /** Entry {@code k}'s second long as written (see {@link TransitionRing#append}). */
    public long packed(int k) {
        return packed[k];
    }

    /** The tree's tick count (low 32 bits) when transition {@code k} happened. */
    public long tick(int k) {
        return packed[k] >>> 32;
    }

    /** The node's depth-first index in its tree. */
    public int uid(int k) {
        return (int) (packed[k] >>> 16) & 0xFFFF;
    }

    public Status from(int k) {
        return STATUSES[(int) (packed[k] >>> 8) & 0xFF];
    }

    public Status to(int k) {
        return STATUSES[(int) packed[k] & 0xFF];
    }
}

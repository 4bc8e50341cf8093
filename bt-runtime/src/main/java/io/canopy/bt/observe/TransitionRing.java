package io.canopy.bt.observe;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A preallocated broadcast ring of node status transitions (and, through {@link #append}, of any pair of a time
 * and a packed long: tick spans, machine steps, counter samples): one producer (the tick thread) that never waits,
 * any number of {@link Reader}s on other threads, each with its own cursor. A reader that falls a whole ring
 * behind loses the oldest entries and counts them; the producer is never slowed down by a reader.
 *
 * <p>Each entry is two longs: the clock time of the tick, and {@code tick(32) | uid(16) | from(8) | to(8)}.
 * The write position is published with a release store after each entry, so a reader that reads it with an
 * acquire load sees the entries before it.
 */
public final class TransitionRing {
    private static final VarHandle PUBLISHED;

    static {
        try {
            PUBLISHED = MethodHandles.lookup().findVarHandle(TransitionRing.class, "published", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final long[] times;
    private final long[] packed;
    private final int mask;
    /** Next position to write; only the producer reads and writes it. */
    private long next;
    /** Positions below this are written; release-stored by the producer, acquire-loaded by readers. */
    @SuppressWarnings("unused")
    private volatile long published;

    /** @param capacity entries kept; rounded up to a power of two, at least 16 */
    public TransitionRing(int capacity) {
        int c = Integer.highestOneBit(Math.max(16, capacity) - 1) << 1;
        times = new long[c];
        packed = new long[c];
        mask = c - 1;
    }

    public int capacity() {
        return times.length;
    }

    /** Appends a transition (producer only; no allocation, no waiting). */
    void add(long timeNs, long tick, int uid, int from, int to) {
        long p = next;
        int i = (int) p & mask;
        times[i] = timeNs;
        packed[i] = (tick << 32) | ((long) (uid & 0xFFFF) << 16) | ((from & 0xFF) << 8) | (to & 0xFF);
        next = p + 1;
        PUBLISHED.setRelease(this, p + 1);
    }

    /**
     * Appends an entry whose second long the caller packs (producer only; no allocation, no waiting). Read it
     * back with {@link TransitionBatch#packed(int)}.
     */
    public void append(long timeNs, long packed) {
        long p = next;
        int i = (int) p & mask;
        times[i] = timeNs;
        this.packed[i] = packed;
        next = p + 1;
        PUBLISHED.setRelease(this, p + 1);
    }

    /** Number of transitions written so far. */
    public long written() {
        return (long) PUBLISHED.getAcquire(this);
    }

    /** A reader that sees the transitions written from now on. */
    public Reader reader() {
        return new Reader(written());
    }

    /** One consumer's cursor. Use a reader from one thread at a time. */
    public final class Reader {
        private long cursor;
        private long lost;

        private Reader(long start) {
            cursor = start;
        }

        /** Entries that were overwritten before this reader got to them. */
        public long lost() {
            return lost;
        }

        /** Copies up to {@code into.capacity()} new transitions into {@code into}; returns how many. */
        public int poll(TransitionBatch into) {
            int cap = times.length;
            long w = (long) PUBLISHED.getAcquire(TransitionRing.this);
            long start = cursor;
            if (w - start > cap) {
                lost += w - cap - start;
                start = w - cap;
            }
            int n = (int) Math.min(w - start, into.capacity());
            for (int k = 0; k < n; k++) {
                int i = (int) (start + k) & mask;
                into.times[k] = times[i];
                into.packed[k] = packed[i];
            }
            VarHandle.acquireFence();
            // the producer may be writing position w2 now, over the slot of w2 - cap: older entries are suspect
            long w2 = (long) PUBLISHED.getAcquire(TransitionRing.this);
            long firstValid = w2 - cap + 1;
            int skip = (int) Math.max(0, Math.min(n, firstValid - start));
            if (skip > 0) {
                lost += skip;
                System.arraycopy(into.times, skip, into.times, 0, n - skip);
                System.arraycopy(into.packed, skip, into.packed, 0, n - skip);
            }
            cursor = start + n;
            into.count = n - skip;
            return into.count;
        }
    }
}

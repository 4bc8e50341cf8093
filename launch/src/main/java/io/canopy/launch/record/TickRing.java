package io.canopy.launch.record;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A preallocated single-producer ring the tick thread writes what it saw into (a tick, an inbox event, motor
 * set-points, a machine configuration) and the writer thread reads. Writing stores a few fields and publishes
 * the slot; nothing allocates, nothing waits: when the writer falls behind a whole ring, entries are dropped
 * and counted.
 */
final class TickRing {
    static final int TICK = 1, INPUT = 2, MOTORS = 3, MACHINE = 4;

    final int capacity;
    private final int mask;
    final int[] type;
    final int[] index;
    final long[] a;
    final long[] b;
    final double[] value;
    final Object[] name;
    final Object[] data;
    final double[][] vector;
    private final AtomicLong published = new AtomicLong();
    private final AtomicLong consumed = new AtomicLong();
    private long writing;
    private long dropped;

    TickRing(int capacityPowerOfTwo, int vectorWidth) {
        capacity = capacityPowerOfTwo;
        mask = capacity - 1;
        type = new int[capacity];
        index = new int[capacity];
        a = new long[capacity];
        b = new long[capacity];
        value = new double[capacity];
        name = new Object[capacity];
        data = new Object[capacity];
        vector = new double[capacity][Math.max(1, vectorWidth)];
    }

    /** Tick thread: claims a slot, or returns -1 (ring full, counted). Fill it, then {@link #publish()}. */
    int claim(int kind) {
        if (writing - consumed.get() >= capacity) {
            dropped++;
            return -1;
        }
        int slot = (int) (writing & mask);
        type[slot] = kind;
        return slot;
    }

    void publish() {
        writing++;
        published.lazySet(writing);
    }

    long dropped() {
        return dropped;
    }

    /** Writer thread: the next published slot, or -1. Call {@link #release()} when done with it. */
    int next() {
        long c = consumed.get();
        return c < published.get() ? (int) (c & mask) : -1;
    }

    void release() {
        int slot = (int) (consumed.get() & mask);
        name[slot] = null;
        data[slot] = null;
        consumed.lazySet(consumed.get() + 1);
    }
}

package io.canopy.launch.foxglove;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A preallocated single-producer, single-consumer ring of encoded messages: the tick thread encodes straight into a
 * slot's bytes and publishes it, one consumer thread drains. Nothing allocates and nothing waits: when the consumer
 * is a whole ring behind, the producer's message is dropped and counted.
 */
final class MessageRing {
    final int slotBytes;
    private final int mask;
    private final byte[][] data;
    private final int[] channel;
    private final long[] time;
    private final int[] length;
    private final AtomicLong published = new AtomicLong();
    private final AtomicLong consumed = new AtomicLong();
    private long writing;
    private volatile long dropped;

    MessageRing(int capacityPowerOfTwo, int slotBytes) {
        if (Integer.bitCount(capacityPowerOfTwo) != 1) {
            throw new IllegalArgumentException("ring capacity " + capacityPowerOfTwo + " is not a power of two");
        }
        this.slotBytes = slotBytes;
        mask = capacityPowerOfTwo - 1;
        data = new byte[capacityPowerOfTwo][slotBytes];
        channel = new int[capacityPowerOfTwo];
        time = new long[capacityPowerOfTwo];
        length = new int[capacityPowerOfTwo];
    }

    /** Producer: the bytes of the next free slot to encode into, or null (ring full: counted as a drop). */
    byte[] claim() {
        if (writing - consumed.get() > mask) {
            dropped++;
            return null;
        }
        return data[(int) (writing & mask)];
    }

    /** Producer: publishes the claimed slot; a negative {@code len} (did not fit) drops it instead. */
    void publish(int ch, long logTimeNs, int len) {
        if (len < 0) {
            dropped++;
            return;
        }
        int slot = (int) (writing & mask);
        channel[slot] = ch;
        time[slot] = logTimeNs;
        length[slot] = len;
        writing++;
        published.lazySet(writing);
    }

    /** Consumer: hands every published message to {@code sink}, oldest first; returns how many. */
    int drain(MessageSink sink) {
        long c = consumed.get();
        long p = published.get();
        int n = 0;
        for (; c < p; c++, n++) {
            int slot = (int) (c & mask);
            sink.message(channel[slot], time[slot], data[slot], 0, length[slot]);
            consumed.lazySet(c + 1);
        }
        return n;
    }

    /** Messages published and not drained yet (any thread). */
    long pending() {
        return published.get() - consumed.get();
    }

    /** Messages dropped because the ring was full or a message did not fit a slot. */
    long dropped() {
        return dropped;
    }
}

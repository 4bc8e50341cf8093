package io.canopy.hardware.device;

import java.lang.invoke.VarHandle;

/**
 * The latest value of one reading (a few numbers) and when it arrived, handed from the link's reader
 * thread to the tick thread without locks or allocation: a sequence lock. One writer (the reader
 * thread), any number of readers; a reader retries while a write is in progress and always sees the
 * numbers of one and the same message.
 *
 * <p>The age tells a stale reading from a fresh one: {@link #ageNs(long)} is {@link Long#MAX_VALUE}
 * until the first value arrives.
 */
public final class LatestReading {
    private final String name;
    private final double[] values;
    private volatile long sequence;
    private long receivedNs;
    private long count;

    public LatestReading(String name, int size) {
        if (size < 1) {
            throw new IllegalArgumentException("reading '" + name + "' needs at least one value");
        }
        this.name = name;
        this.values = new double[size];
    }

    /** Writer (one thread): publishes a complete value. {@code vs.length} must equal {@link #size()}. */
    void publishAll(long receivedNs, double[] vs) {
        long s = sequence;
        sequence = s + 1; // odd: writing
        VarHandle.storeStoreFence();
        System.arraycopy(vs, 0, values, 0, values.length);
        this.receivedNs = receivedNs;
        this.count++;
        sequence = s + 2; // even: stable
    }

    /** Writer, allocation-free variants for small readings. */
    void publish(long receivedNs, double a) {
        long s = sequence;
        sequence = s + 1;
        VarHandle.storeStoreFence();
        values[0] = a;
        this.receivedNs = receivedNs;
        this.count++;
        sequence = s + 2;
    }

    void publish(long receivedNs, double a, double b) {
        long s = sequence;
        sequence = s + 1;
        VarHandle.storeStoreFence();
        values[0] = a;
        values[1] = b;
        this.receivedNs = receivedNs;
        this.count++;
        sequence = s + 2;
    }

    void publish(long receivedNs, double a, double b, double c, double d) {
        long s = sequence;
        sequence = s + 1;
        VarHandle.storeStoreFence();
        values[0] = a;
        values[1] = b;
        values[2] = c;
        values[3] = d;
        this.receivedNs = receivedNs;
        this.count++;
        sequence = s + 2;
    }

    /**
     * Copies a consistent snapshot of the values into {@code into} (at least {@link #size()} long) and
     * returns when it arrived, or {@link Long#MIN_VALUE} when nothing arrived yet. Allocation-free.
     */
    public long read(double[] into) {
        while (true) {
            long s1 = sequence;
            if ((s1 & 1) == 0) {
                long at = receivedNs;
                long n = count;
                System.arraycopy(values, 0, into, 0, values.length);
                VarHandle.loadLoadFence();
                if (sequence == s1) {
                    return n == 0 ? Long.MIN_VALUE : at;
                }
            }
            Thread.onSpinWait();
        }
    }

    /** One value of the latest reading (a consistent read of that value alone). */
    public double value(int index) {
        while (true) {
            long s1 = sequence;
            if ((s1 & 1) == 0) {
                double v = values[index];
                VarHandle.loadLoadFence();
                if (sequence == s1) {
                    return v;
                }
            }
            Thread.onSpinWait();
        }
    }

    /** How old the latest value is at {@code nowNs}; {@link Long#MAX_VALUE} when none arrived yet. */
    public long ageNs(long nowNs) {
        while (true) {
            long s1 = sequence;
            if ((s1 & 1) == 0) {
                long at = receivedNs;
                long n = count;
                VarHandle.loadLoadFence();
                if (sequence == s1) {
                    return n == 0 ? Long.MAX_VALUE : nowNs - at;
                }
            }
            Thread.onSpinWait();
        }
    }

    /** Whether the latest value is older than {@code maxAgeNs} (or missing). */
    public boolean isStale(long nowNs, long maxAgeNs) {
        return ageNs(nowNs) > maxAgeNs;
    }

    /** Values received so far. */
    public long count() {
        long s1;
        long n;
        do {
            s1 = sequence;
            n = count;
            VarHandle.loadLoadFence();
        } while ((s1 & 1) != 0 || sequence != s1);
        return n;
    }

    public int size() {
        return values.length;
    }

    public String name() {
        return name;
    }
}

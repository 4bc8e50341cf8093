package io.canopy.hardware.stream;

import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * A table of numbers written by one IO thread and read whole by the tick thread without locks or allocation: a
 * sequence lock. The writer brackets a group of {@link #set}s with {@link #beginWrite()} / {@link #endWrite()};
 * {@link #copyTo} retries while a write is in progress, so a reader always sees the numbers of whole messages.
 */
public final class SeqlockTable {
    private final double[] values;
    private volatile long sequence;

    /** A table of {@code size} values, all NaN until written. */
    public SeqlockTable(int size) {
        values = new double[size];
        Arrays.fill(values, Double.NaN);
    }

    /** Writer: starts a group of writes. */
    public void beginWrite() {
        sequence = sequence + 1; // odd: writing
        VarHandle.storeStoreFence();
    }

    /** Writer, inside begin/end. */
    public void set(int index, double value) {
        values[index] = value;
    }

    /** Writer: the group is complete. */
    public void endWrite() {
        VarHandle.storeStoreFence();
        sequence = sequence + 1; // even: stable
    }

    /** Writer only (its own last value). */
    public double get(int index) {
        return values[index];
    }

    /** Any reader: copies a consistent snapshot into {@code into} (at least {@link #size()} long). */
    public void copyTo(double[] into) {
        while (true) {
            long s1 = sequence;
            if ((s1 & 1) == 0) {
                System.arraycopy(values, 0, into, 0, values.length);
                VarHandle.loadLoadFence();
                if (sequence == s1) {
                    return;
                }
            }
            Thread.onSpinWait();
        }
    }

    public int size() {
        return values.length;
    }
}

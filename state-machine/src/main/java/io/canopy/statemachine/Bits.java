package io.canopy.statemachine;

/** Bit sets over state (or transition) indices stored in {@code long[]}; no allocation in the operations. */
public final class Bits {
    private Bits() {}

    public static int words(int bits) {
        return (bits + 63) >>> 6;
    }

    public static boolean get(long[] set, int i) {
        return (set[i >>> 6] & (1L << i)) != 0;
    }

    public static void set(long[] set, int i) {
        set[i >>> 6] |= 1L << i;
    }

    static void clear(long[] set, int i) {
        set[i >>> 6] &= ~(1L << i);
    }

    static void clearAll(long[] set) {
        for (int w = 0; w < set.length; w++) {
            set[w] = 0L;
        }
    }

    static boolean isEmpty(long[] set) {
        for (int w = 0; w < set.length; w++) {
            if (set[w] != 0L) {
                return false;
            }
        }
        return true;
    }

    static boolean intersects(long[] a, long[] b) {
        for (int w = 0; w < a.length; w++) {
            if ((a[w] & b[w]) != 0L) {
                return true;
            }
        }
        return false;
    }

    /** True when every bit of {@code a} is in {@code b}. */
    static boolean subsetOf(long[] a, long[] b) {
        for (int w = 0; w < a.length; w++) {
            if ((a[w] & ~b[w]) != 0L) {
                return false;
            }
        }
        return true;
    }

    public static void or(long[] into, long[] from) {
        for (int w = 0; w < into.length; w++) {
            into[w] |= from[w];
        }
    }

    static void copy(long[] into, long[] from) {
        System.arraycopy(from, 0, into, 0, into.length);
    }

    /** into = a &amp; b */
    static void and(long[] into, long[] a, long[] b) {
        for (int w = 0; w < into.length; w++) {
            into[w] = a[w] & b[w];
        }
    }

    static void andNot(long[] into, long[] mask) {
        for (int w = 0; w < into.length; w++) {
            into[w] &= ~mask[w];
        }
    }

    /** The lowest set index at or after {@code from}, or -1. */
    public static int next(long[] set, int from) {
        int w = from >>> 6;
        if (w >= set.length) {
            return -1;
        }
        long word = set[w] & (-1L << from);
        while (true) {
            if (word != 0L) {
                return (w << 6) + Long.numberOfTrailingZeros(word);
            }
            if (++w == set.length) {
                return -1;
            }
            word = set[w];
        }
    }

    /** The highest set index at or before {@code from}, or -1. */
    static int previous(long[] set, int from) {
        if (from < 0) {
            return -1;
        }
        int w = from >>> 6;
        long word = set[w] & (-1L >>> (63 - (from & 63)));
        while (true) {
            if (word != 0L) {
                return (w << 6) + 63 - Long.numberOfLeadingZeros(word);
            }
            if (w-- == 0) {
                return -1;
            }
            word = set[w];
        }
    }
}

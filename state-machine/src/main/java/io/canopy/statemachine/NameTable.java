package io.canopy.statemachine;

/**
 * An immutable open-addressing map from names to small ints, with lookups of a prefix of a string (so event
 * names can be matched against descriptors without building substrings). Built once, read allocation-free.
 */
public final class NameTable {
    private final String[] keys;
    private final int[] values;
    private final int mask;

    public NameTable(String[] names) {
        int capacity = Integer.highestOneBit(Math.max(4, names.length * 3)) << 1;
        keys = new String[capacity];
        values = new int[capacity];
        mask = capacity - 1;
        for (int i = 0; i < names.length; i++) {
            int slot = spread(names[i].hashCode()) & mask;
            while (keys[slot] != null) {
                slot = (slot + 1) & mask;
            }
            keys[slot] = names[i];
            values[slot] = i;
        }
    }

    private static int spread(int h) {
        return h ^ (h >>> 16);
    }

    /** The index of {@code name}, or -1. */
    public int get(String name) {
        int slot = spread(name.hashCode()) & mask;
        while (true) {
            String k = keys[slot];
            if (k == null) {
                return -1;
            }
            if (k == name || k.equals(name)) {
                return values[slot];
            }
            slot = (slot + 1) & mask;
        }
    }

    /** The index of the first {@code length} characters of {@code name}, or -1. */
    public int get(String name, int length) {
        if (length == name.length()) {
            return get(name);
        }
        int h = 0;
        for (int i = 0; i < length; i++) {
            h = 31 * h + name.charAt(i);
        }
        int slot = spread(h) & mask;
        while (true) {
            String k = keys[slot];
            if (k == null) {
                return -1;
            }
            if (k.length() == length && name.regionMatches(0, k, 0, length)) {
                return values[slot];
            }
            slot = (slot + 1) & mask;
        }
    }
}

package io.canopy.messaging;

import java.util.HashMap;
import java.util.Map;

/**
 * Remembers the last {@code window} message ids handled per source, so a QoS 1 message that arrives again
 * (the broker redelivers what it had not seen acknowledged when a connection drops) is handled once. Ids are
 * kept in a ring per source with an open-addressed index; called from the MQTT client's thread only.
 */
final class DuplicateFilter {
    private final int window;
    private final Map<String, Window> bySource = new HashMap<>();

    DuplicateFilter(int window) {
        if (Integer.bitCount(window) != 1) {
            throw new IllegalArgumentException("window must be a power of two: " + window);
        }
        this.window = window;
    }

    /** True the first time {@code (source, id)} is seen within the window, false for a repeat. */
    synchronized boolean firstTime(String source, long id) {
        return bySource.computeIfAbsent(source, s -> new Window(window)).add(id);
    }

    /** One source's recent ids: a ring (oldest evicted) and a linear-probing set over it. */
    private static final class Window {
        private final long[] ring;
        private final long[] set; // 0 = empty slot; ids are never 0
        private final int setMask;
        private int next;
        private int size;

        Window(int capacity) {
            ring = new long[capacity];
            set = new long[capacity * 2];
            setMask = set.length - 1;
        }

        boolean add(long id) {
            if (contains(id)) {
                return false;
            }
            if (size == ring.length) {
                remove(ring[next]);
            } else {
                size++;
            }
            ring[next] = id;
            next = (next + 1) & (ring.length - 1);
            insert(id);
            return true;
        }

        private int slot(long id) {
            long h = id * 0x9E3779B97F4A7C15L;
            return (int) (h ^ (h >>> 32)) & setMask;
        }

        private boolean contains(long id) {
            for (int i = slot(id); set[i] != 0; i = (i + 1) & setMask) {
                if (set[i] == id) {
                    return true;
                }
            }
            return false;
        }

        private void insert(long id) {
            int i = slot(id);
            while (set[i] != 0) {
                i = (i + 1) & setMask;
            }
            set[i] = id;
        }

        /** Backward-shift deletion keeps probe chains intact without tombstones. */
        private void remove(long id) {
            int i = slot(id);
            while (set[i] != id) {
                if (set[i] == 0) {
                    return;
                }
                i = (i + 1) & setMask;
            }
            int j = i;
            while (true) {
                j = (j + 1) & setMask;
                if (set[j] == 0) {
                    break;
                }
                int home = slot(set[j]);
                // move set[j] into the hole at i when its home is not cyclically within (i, j]
                boolean between = i <= j ? (home > i && home <= j) : (home > i || home <= j);
                if (!between) {
                    set[i] = set[j];
                    i = j;
                }
            }
            set[i] = 0;
        }
    }
}

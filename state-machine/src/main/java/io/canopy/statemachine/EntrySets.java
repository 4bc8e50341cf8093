package io.canopy.statemachine;

import java.util.Arrays;

/**
 * The set computations of the SCXML algorithm (transition domain, effective targets, entry set with default
 * and history entry) on bit sets, without allocation. Used at compile time with no history recorded (to
 * precompute the static transitions) and at run time for the transitions whose targets involve history.
 */
public final class EntrySets {
    private final Statechart c;
    public final long[] toEnter;
    public final long[] defaultEntry;
    /** Per history state, the recorded states, or null before the first exit of its parent. */
    final long[][] history;
    /** Per state, the default transition of a history state whose content runs when it is entered, or -1. */
    final int[] defaultHistory;
    private final int[] touched;
    private int touchedCount;
    private final long[] targets;
    /** Set when a history pseudo-state was met since {@link #begin()}. */
    public boolean sawHistory;

    public EntrySets(Statechart c, long[][] history) {
        this.c = c;
        this.toEnter = new long[c.words];
        this.defaultEntry = new long[c.words];
        this.history = history;
        this.defaultHistory = new int[c.stateCount];
        Arrays.fill(defaultHistory, -1);
        this.touched = new int[c.stateCount];
        this.targets = new long[c.words];
    }

    public void begin() {
        Bits.clearAll(toEnter);
        Bits.clearAll(defaultEntry);
        for (int i = 0; i < touchedCount; i++) {
            defaultHistory[touched[i]] = -1;
        }
        touchedCount = 0;
        sawHistory = false;
    }

    /** The transition domain of {@code t} (-1 for a targetless transition); leaves its effective targets in scratch. */
    public int domain(int t) {
        Bits.clearAll(targets);
        effectiveTargets(t, targets);
        if (Bits.isEmpty(targets)) {
            return -1;
        }
        int src = c.tSource[t];
        if (src == 0) {
            return 0;
        }
        if (c.tInternal[t] && c.kinds[src] == StateKind.COMPOUND && Bits.subsetOf(targets, c.descendants[src])) {
            return src;
        }
        for (int a = c.parent[src]; a > 0; a = c.parent[a]) {
            if (c.kinds[a] == StateKind.COMPOUND && Bits.subsetOf(targets, c.descendants[a])) {
                return a;
            }
        }
        return 0;
    }

    private void effectiveTargets(int t, long[] out) {
        for (int s : c.tTargets[t]) {
            if (c.kinds[s].isHistory()) {
                sawHistory = true;
                long[] recorded = history == null ? null : history[s];
                if (recorded != null) {
                    Bits.or(out, recorded);
                } else {
                    effectiveTargets(c.initial[s], out);
                }
            } else {
                Bits.set(out, s);
            }
        }
    }

    /** Adds the entry set of transition {@code t} (SCXML computeEntrySet for one transition). */
    public void addTransition(int t) {
        for (int s : c.tTargets[t]) {
            addDescendants(s);
        }
        int domain = domain(t);
        for (int s = Bits.next(targets, 0); s >= 0; s = Bits.next(targets, s + 1)) {
            addAncestors(s, domain);
        }
    }

    private void addDescendants(int s) {
        if (c.kinds[s].isHistory()) {
            sawHistory = true;
            int p = c.parent[s];
            long[] recorded = history == null ? null : history[s];
            if (recorded != null) {
                for (int x = Bits.next(recorded, 0); x >= 0; x = Bits.next(recorded, x + 1)) {
                    addDescendants(x);
                }
                for (int x = Bits.next(recorded, 0); x >= 0; x = Bits.next(recorded, x + 1)) {
                    addAncestors(x, p);
                }
            } else {
                int d = c.initial[s];
                if (defaultHistory[p] < 0) {
                    touched[touchedCount++] = p;
                }
                defaultHistory[p] = d;
                for (int x : c.tTargets[d]) {
                    addDescendants(x);
                }
                for (int x : c.tTargets[d]) {
                    addAncestors(x, p);
                }
            }
            return;
        }
        Bits.set(toEnter, s);
        StateKind kind = c.kinds[s];
        if (kind == StateKind.COMPOUND) {
            Bits.set(defaultEntry, s);
            int init = c.initial[s];
            for (int x : c.tTargets[init]) {
                addDescendants(x);
            }
            for (int x : c.tTargets[init]) {
                addAncestors(x, s);
            }
        } else if (kind == StateKind.PARALLEL) {
            for (int child : c.children[s]) {
                if (!Bits.intersects(toEnter, c.descendants[child])) {
                    addDescendants(child);
                }
            }
        }
    }

    private void addAncestors(int s, int ancestor) {
        for (int a = c.parent[s]; a > 0 && a != ancestor; a = c.parent[a]) {
            Bits.set(toEnter, a);
            if (c.kinds[a] == StateKind.PARALLEL) {
                for (int child : c.children[a]) {
                    if (!Bits.intersects(toEnter, c.descendants[child])) {
                        addDescendants(child);
                    }
                }
            }
        }
    }
}

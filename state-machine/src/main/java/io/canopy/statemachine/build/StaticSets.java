package io.canopy.statemachine.build;

import io.canopy.statemachine.Bits;
import io.canopy.statemachine.EntrySets;
import io.canopy.statemachine.StateKind;
import io.canopy.statemachine.Statechart;
import io.canopy.statemachine.ecma.NumericPath;
import java.util.Arrays;

/** Precomputes domain, exit mask and entry sets of every transition that involves no history state. */
public final class StaticSets {
    /** {@link Statechart#direct}: no candidate transition. */
    public static final int DIRECT_NONE = -1;
    /** {@link Statechart#direct}: evaluate the candidates ({@code simpleStep}). */
    public static final int DIRECT_SLOW = -2;
    /**
     * {@link Statechart#direct}: every candidate is {@link Statechart#tTyped}: evaluate them on the typed
     * numeric path ({@code directStep}), or, when a cell holds something else, as {@link #DIRECT_SLOW}.
     */
    public static final int DIRECT_TYPED = -3;

    private final Statechart c;

    StaticSets(Statechart c) {
        this.c = c;
    }

    void compute() {
        int m = c.transitionCount;
        c.tStatic = new boolean[m];
        c.tDomain = new int[m];
        c.tExitMask = new long[m][];
        c.tEntry = new long[m][];
        c.tDefaultEntry = new long[m][];
        c.tEntryList = new int[m][];
        EntrySets sets = new EntrySets(c, null);
        for (int t = 0; t < m; t++) {
            sets.begin();
            int domain = sets.domain(t);
            if (domain < 0) {
                c.tStatic[t] = !sets.sawHistory;
                c.tDomain[t] = -1;
                continue;
            }
            sets.addTransition(t);
            if (sets.sawHistory) {
                continue;
            }
            c.tStatic[t] = true;
            c.tDomain[t] = domain;
            c.tExitMask[t] = c.descendants[domain].clone();
            c.tEntry[t] = sets.toEnter.clone();
            c.tDefaultEntry[t] = sets.defaultEntry.clone();
            int count = 0;
            int[] list = new int[c.stateCount];
            for (int s = Bits.next(sets.toEnter, 0); s >= 0; s = Bits.next(sets.toEnter, s + 1)) {
                list[count++] = s;
            }
            c.tEntryList[t] = Arrays.copyOf(list, count);
        }
        c.tPure = new boolean[m];
        c.tTyped = new boolean[m];
        c.tLastAtomic = new int[m];
        for (int t = 0; t < m; t++) {
            c.tLastAtomic[t] = -1;
            boolean typedCode = (c.tCond[t] == null || c.tCond[t] instanceof NumericPath.TypedGuard)
                    && (c.tAction[t] == null || c.tAction[t] instanceof NumericPath.TypedAction);
            if (!c.tStatic[t] || c.tDomain[t] < 0) {
                // a targetless transition changes no state: only its own code runs
                c.tTyped[t] = c.tStatic[t] && typedCode;
                continue;
            }
            boolean pure = true;
            long[] exits = c.descendants[c.tDomain[t]];
            for (int s = Bits.next(exits, 0); pure && s >= 0; s = Bits.next(exits, s + 1)) {
                pure = c.onExit[s].length == 0 && c.invokes[s].length == 0;
            }
            for (int s : c.tEntryList[t]) {
                pure &= c.onEntry[s].length == 0 && c.stateData[s].length == 0 && c.kinds[s] != StateKind.FINAL
                        && c.invokes[s].length == 0
                        && !(Bits.get(c.tDefaultEntry[t], s) && c.tAction[c.initial[s]] != null);
                if (c.atomic[s]) {
                    c.tLastAtomic[t] = s;
                }
            }
            c.tTyped[t] = pure && typedCode;
            c.tPure[t] = pure && c.tAction[t] == null;
        }
        boolean parallel = false;
        for (int s = 0; s < c.stateCount; s++) {
            parallel |= c.kinds[s] == StateKind.PARALLEL;
        }
        c.simple = !parallel && !c.hasHistory && !c.hasInvokes && !c.anyEventless;
        if (c.simple) {
            // per (atomic state, event class): the transition to take when it needs no evaluation at all
            c.direct = new int[c.stateCount * c.classCount];
            for (int st = 0; st < c.stateCount; st++) {
                for (int cls = 0; cls < c.classCount; cls++) {
                    int[] chain = c.atomic[st] ? c.chains[st * c.classCount + cls] : null;
                    int d = DIRECT_SLOW;
                    if (chain != null && chain.length == 0) {
                        d = DIRECT_NONE;
                    } else if (chain != null && c.tCond[chain[0]] == null && c.tPure[chain[0]]) {
                        d = chain[0];
                    } else if (chain != null && allTyped(chain)) {
                        d = DIRECT_TYPED;
                    }
                    c.direct[st * c.classCount + cls] = d;
                }
            }
            if (c.words == 1) {
                c.tExitWord = new long[m];
                c.tEntryWord = new long[m];
                for (int t = 0; t < m; t++) {
                    if (c.tPure[t] || (c.tTyped[t] && c.tDomain[t] >= 0)) {
                        c.tExitWord[t] = c.descendants[c.tDomain[t]][0];
                        c.tEntryWord[t] = c.tEntry[t][0];
                    }
                }
            }
        }
    }

    private boolean allTyped(int[] chain) {
        for (int t : chain) {
            if (!c.tTyped[t]) {
                return false;
            }
        }
        return true;
    }
}

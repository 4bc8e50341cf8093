package io.canopy.statemachine;

import io.canopy.statemachine.build.InvokeDef;
import io.canopy.statemachine.build.StaticSets;
import io.canopy.statemachine.ecma.NumericPath;
import java.util.ArrayList;
import java.util.List;

/**
 * The SCXML interpretation algorithm of a {@link Machine}: the microstep/macrostep procedures of SCXML 1.0
 * Appendix D over the chart's precomputed tables, and the fast path for simple charts. The session state it
 * works on is in {@link MachineSession}; the public API is in {@link Machine}, the only subclass.
 */
abstract class MachineCore extends MachineSession {
    MachineCore(Statechart chart, MachineContext context, Machine parent, String invokeId) {
        super(chart, context, parent, invokeId);
    }

    // ------------------------------------------------------------------ the algorithm

    void processExternal() {
        process(true);
    }

    /** Takes one external event (from the queue, or already in {@link #current}) and runs to completion. */
    void process(boolean fromQueue) {
        busy = true;
        try {
            if (fromQueue) {
                external.poll(current);
            }
            cells[Slots.EVENT].bindEvent(current);
            if (simple) {
                simpleStep();
                if (running && internal.isEmpty()) {
                    return;
                }
            } else {
                if (chart.hasInvokes) {
                    invocations.onExternalEvent();
                }
                if (selectTransitions(current.eventClass) > 0) {
                    microstep();
                }
            }
            runInternal();
        } finally {
            busy = false;
        }
    }

    /** The inner loop of mainEventLoop: eventless and internal transitions, then invokes, until stable. */
    /** More microsteps than this in one macrostep is a livelock (a cycle of eventless transitions or raises). */
    static final int MAX_MICROSTEPS = 100_000;

    void runInternal() {
        int microsteps = 0;
        while (running) {
            while (running) {
                if (++microsteps > MAX_MICROSTEPS) {
                    livelock();
                }
                int count = chart.anyEventless ? selectEventless() : 0;
                if (count == 0) {
                    if (internal.isEmpty()) {
                        break;
                    }
                    internal.poll(current);
                    cells[Slots.EVENT].bindEvent(current);
                    count = selectTransitions(current.eventClass);
                }
                if (count > 0) {
                    microstep();
                }
            }
            if (!running) {
                break;
            }
            if (chart.hasInvokes && !Bits.isEmpty(statesToInvoke)) {
                for (int s = Bits.next(statesToInvoke, 0); s >= 0; s = Bits.next(statesToInvoke, s + 1)) {
                    for (InvokeDef inv : chart.invokes[s]) {
                        invocations.start(inv);
                    }
                }
                Bits.clearAll(statesToInvoke);
                if (!internal.isEmpty()) {
                    continue;
                }
            }
            break;
        }
        if (!running && finalState >= 0) {
            exitInterpreter(true);
        }
    }

    /**
     * The event step of a simple chart (one active atomic state at a time, no history, invokes or eventless
     * transitions): the candidates of the active state, then exit up the parent chain to the precomputed
     * domain and enter the precomputed entry list. Same semantics as the general microstep.
     */
    /**
     * The whole macrostep of an event that takes a pure transition (or none) of a simple chart: no user code
     * runs, no internal event can follow, so nothing else needs setting up. False when the general path must
     * run.
     */
    final boolean directStep() {
        Statechart c = chart;
        int index = activeAtomic * c.classCount + current.eventClass;
        int direct = c.direct[index];
        if (direct == StaticSets.DIRECT_SLOW || !internal.isEmpty()) {
            return false;
        }
        cells[Slots.EVENT].bindEvent(current);
        if (direct == StaticSets.DIRECT_TYPED) {
            return typedStep(c.chains[index]);
        }
        if (direct >= 0) {
            long[] exitWord = c.tExitWord;
            if (observer != null) {
                observePure(direct);
            }
            if (exitWord != null) {
                config[0] = (config[0] & ~exitWord[direct]) | c.tEntryWord[direct];
            } else {
                long[] exits = c.descendants[c.tDomain[direct]];
                long[] entries = c.tEntry[direct];
                for (int w = 0; w < config.length; w++) {
                    config[w] = (config[w] & ~exits[w]) | entries[w];
                }
            }
            activeAtomic = c.tLastAtomic[direct];
        }
        return true;
    }

    /**
     * The macrostep of an event whose candidates are all on the typed numeric path: guards in document order,
     * then the first enabled transition's assignments and configuration change. False, having changed
     * nothing, when a guard or assignment meets a cell that does not hold a number (or an observer watches):
     * the general path then runs the event.
     */
    private boolean typedStep(int[] chain) {
        if (observer != null) {
            return false;
        }
        Statechart c = chart;
        for (int k = 0; k < chain.length; k++) {
            int t = chain[k];
            TransitionGuard g = c.tCond[t];
            if (g != null) {
                int r = ((NumericPath.TypedGuard) g).tryTest(self);
                if (r < 0) {
                    return false;
                }
                if (r == 0) {
                    continue;
                }
            }
            Action a = c.tAction[t];
            if (a != null) {
                NumericPath.TypedAction typed = (NumericPath.TypedAction) a;
                if (!typed.ready(self)) {
                    return false;
                }
                typed.runTyped(self);
            }
            if (c.tDomain[t] >= 0) {
                long[] exitWord = c.tExitWord;
                if (exitWord != null) {
                    config[0] = (config[0] & ~exitWord[t]) | c.tEntryWord[t];
                } else {
                    long[] exits = c.descendants[c.tDomain[t]];
                    long[] entries = c.tEntry[t];
                    for (int w = 0; w < config.length; w++) {
                        config[w] = (config[w] & ~exits[w]) | entries[w];
                    }
                }
                activeAtomic = c.tLastAtomic[t];
            }
            return true;
        }
        return true;
    }

    void simpleStep() {
        Statechart c = chart;
        int index = activeAtomic * c.classCount + current.eventClass;
        int direct = c.direct[index];
        if (direct >= 0) {
            long[] exitWord = c.tExitWord;
            if (observer != null) {
                observePure(direct);
            }
            if (exitWord != null) {
                config[0] = (config[0] & ~exitWord[direct]) | c.tEntryWord[direct];
            } else {
                long[] exits = c.descendants[c.tDomain[direct]];
                long[] entries = c.tEntry[direct];
                for (int w = 0; w < config.length; w++) {
                    config[w] = (config[w] & ~exits[w]) | entries[w];
                }
            }
            activeAtomic = c.tLastAtomic[direct];
            return;
        }
        if (direct == StaticSets.DIRECT_NONE) {
            return;
        }
        int[] chain = c.chains[index];
        for (int k = 0; k < chain.length; k++) {
            int t = chain[k];
            if (c.tCond[t] == null || evalCond(t)) {
                if (c.tPure[t]) {
                    if (observer != null) {
                        observePure(t);
                    }
                    long[] exits = c.descendants[c.tDomain[t]];
                    long[] entries = c.tEntry[t];
                    long[] cfg = config;
                    for (int w = 0; w < cfg.length; w++) {
                        cfg[w] = (cfg[w] & ~exits[w]) | entries[w];
                    }
                    activeAtomic = c.tLastAtomic[t];
                } else {
                    simpleMicrostep(t);
                }
                return;
            }
        }
    }

    void simpleMicrostep(int t) {
        Statechart c = chart;
        int domain = c.tDomain[t];
        MachineObserver o = observer;
        if (o != null) {
            o.transition(t);
        }
        if (domain >= 0) {
            for (int s = activeAtomic; s != domain; s = c.parent[s]) {
                Action[] blocks = c.onExit[s];
                for (int k = 0; k < blocks.length; k++) {
                    runBlock(blocks[k]);
                }
                Bits.clear(config, s);
                if (o != null) {
                    o.exited(s);
                }
            }
        }
        Action action = c.tAction[t];
        if (action != null) {
            runBlock(action);
        }
        if (domain >= 0) {
            int[] entry = c.tEntryList[t];
            long[] defaults = c.tDefaultEntry[t];
            for (int k = 0; k < entry.length; k++) {
                int s = entry[k];
                Bits.set(config, s);
                if (o != null) {
                    o.entered(s);
                }
                if (!dataBound[s]) {
                    initData(s);
                }
                Action[] blocks = c.onEntry[s];
                for (int j = 0; j < blocks.length; j++) {
                    runBlock(blocks[j]);
                }
                if (Bits.get(defaults, s)) {
                    runBlock(c.tAction[c.initial[s]]);
                }
                if (c.atomic[s]) {
                    activeAtomic = s;
                    if (c.kinds[s] == StateKind.FINAL) {
                        enteredFinal(s);
                    }
                }
            }
        }
    }

    /**
     * Tells the observer of a pure transition of a simple chart before the configuration changes: the
     * transition, the active states it exits (innermost first) and the states it enters (outermost first).
     */
    private void observePure(int t) {
        Statechart c = chart;
        MachineObserver o = observer;
        o.transition(t);
        long[] exits = c.descendants[c.tDomain[t]];
        for (int s = Bits.previous(config, c.stateCount - 1); s >= 0; s = Bits.previous(config, s - 1)) {
            if (Bits.get(exits, s)) {
                o.exited(s);
            }
        }
        long[] entries = c.tEntry[t];
        for (int s = Bits.next(entries, 0); s >= 0; s = Bits.next(entries, s + 1)) {
            o.entered(s);
        }
    }

    /** Stops a machine that would never wait for an event again, so the tick thread is not lost with it. */
    private void livelock() {
        List<String> states = new ArrayList<>();
        for (int s = Bits.next(config, 0); s >= 0; s = Bits.next(config, s + 1)) {
            states.add(chart.ids[s]);
        }
        running = false;
        outbox.cancelAll();
        invocations.cancelAll();
        context.unregister(self);
        throw new IllegalStateException("machine " + chart.name + " (" + chart.source + ") took more than " + MAX_MICROSTEPS
                + " microsteps without waiting for an event, in " + states + ": a cycle of eventless transitions or "
                + "raised events never settles; guard one of them with a cond. The machine was stopped.");
    }

    int selectTransitions(int eventClass) {
        enabledCount = 0;
        int[][] chains = chart.chains;
        int base = chart.classCount;
        for (int s = Bits.next(config, 0); s >= 0; s = Bits.next(config, s + 1)) {
            if (chart.atomic[s]) {
                int[] chain = chains[s * base + eventClass];
                for (int k = 0; k < chain.length; k++) {
                    int t = chain[k];
                    if (evalCond(t)) {
                        addEnabled(t);
                        break;
                    }
                }
            }
        }
        if (enabledCount > 1) {
            removeConflicts();
        }
        return enabledCount;
    }

    int selectEventless() {
        enabledCount = 0;
        for (int s = Bits.next(config, 0); s >= 0; s = Bits.next(config, s + 1)) {
            if (chart.atomic[s]) {
                int[] chain = chart.eventless[s];
                for (int k = 0; k < chain.length; k++) {
                    int t = chain[k];
                    if (evalCond(t)) {
                        addEnabled(t);
                        break;
                    }
                }
            }
        }
        if (enabledCount > 1) {
            removeConflicts();
        }
        return enabledCount;
    }

    void addEnabled(int t) {
        for (int i = 0; i < enabledCount; i++) {
            if (enabled[i] == t) {
                return;
            }
        }
        enabled[enabledCount++] = t;
    }

    void exitSetOf(int t, long[] into) {
        Bits.clearAll(into);
        int domain = chart.tStatic[t] ? chart.tDomain[t] : sets.domain(t);
        if (domain >= 0) {
            Bits.and(into, config, chart.descendants[domain]);
        }
    }

    /** SCXML removeConflictingTransitions over the enabled transitions (kept in selection order). */
    void removeConflicts() {
        for (int i = 0; i < enabledCount; i++) {
            exitSetOf(enabled[i], exitScratch[i]);
        }
        int kept = 0;
        for (int i = 0; i < enabledCount; i++) {
            boolean preempted = false;
            int t1 = enabled[i];
            for (int k = 0; k < kept; k++) {
                int j = filtered[k];
                if (j >= 0 && Bits.intersects(exitScratch[i], exitScratch[j])) {
                    if (chart.isDescendant(chart.tSource[t1], chart.tSource[enabled[j]])) {
                        filtered[k] = -1;
                    } else {
                        preempted = true;
                        break;
                    }
                }
            }
            if (!preempted) {
                int w = 0;
                for (int k = 0; k < kept; k++) {
                    if (filtered[k] >= 0) {
                        filtered[w++] = filtered[k];
                    }
                }
                kept = w;
                filtered[kept++] = i;
            }
        }
        for (int k = 0; k < kept; k++) {
            filtered[k] = enabled[filtered[k]];
        }
        System.arraycopy(filtered, 0, enabled, 0, kept);
        enabledCount = kept;
    }

    void microstep() {
        MachineObserver o = observer;
        if (o != null) {
            for (int i = 0; i < enabledCount; i++) {
                o.transition(enabled[i]);
            }
        }
        if (context.microstepObserver != null) {
            observedMicrostep();
            return;
        }
        exitStates();
        for (int i = 0; i < enabledCount; i++) {
            runBlock(chart.tAction[enabled[i]]);
        }
        enterStates();
    }

    /** A microstep told to the context's observer: the transitions, then the states exited and entered. */
    private void observedMicrostep() {
        List<String> transitions = new ArrayList<>();
        for (int i = 0; i < enabledCount; i++) {
            transitions.add(describe(enabled[i]));
        }
        exitStates();
        List<String> exited = new ArrayList<>();
        for (int s = Bits.previous(exitSet, chart.stateCount - 1); s >= 0; s = Bits.previous(exitSet, s - 1)) {
            exited.add(chart.ids[s]);
        }
        for (int i = 0; i < enabledCount; i++) {
            runBlock(chart.tAction[enabled[i]]);
        }
        enterStates();
        List<String> entered = new ArrayList<>();
        for (int s = Bits.next(sets.toEnter, 0); s >= 0; s = Bits.next(sets.toEnter, s + 1)) {
            entered.add(chart.ids[s]);
        }
        context.microstepObserver.microstep(self, transitions, exited, entered);
    }

    /** {@code source -> target on event [cond]}, for the microstep observer. */
    private String describe(int t) {
        StringBuilder b = new StringBuilder(chart.ids[chart.tSource[t]]).append(" ->");
        if (chart.tTargets[t].length == 0) {
            b.append(" (targetless)");
        }
        for (int target : chart.tTargets[t]) {
            b.append(' ').append(chart.ids[target]);
        }
        if (chart.tEvents[t] != null && chart.tEvents[t].length > 0) {
            b.append(" on ").append(String.join(" ", chart.tEvents[t]));
        }
        if (chart.tCondText[t] != null) {
            b.append(" [").append(chart.tCondText[t]).append(']');
        }
        return b.toString();
    }

    void exitStates() {
        Bits.clearAll(exitSet);
        boolean any = false;
        for (int i = 0; i < enabledCount; i++) {
            int t = enabled[i];
            int domain = chart.tStatic[t] ? chart.tDomain[t] : sets.domain(t);
            if (domain >= 0) {
                long[] mask = chart.descendants[domain];
                for (int w = 0; w < exitSet.length; w++) {
                    exitSet[w] |= config[w] & mask[w];
                }
                any = true;
            }
        }
        if (!any) {
            return;
        }
        if (chart.hasInvokes) {
            Bits.andNot(statesToInvoke, exitSet);
        }
        if (chart.hasHistory) {
            recordHistory();
        }
        for (int s = Bits.previous(exitSet, chart.stateCount - 1); s >= 0; s = Bits.previous(exitSet, s - 1)) {
            Action[] blocks = chart.onExit[s];
            for (int k = 0; k < blocks.length; k++) {
                runBlock(blocks[k]);
            }
            if (chart.hasInvokes) {
                invocations.cancelFor(s);
            }
            Bits.clear(config, s);
            if (observer != null) {
                observer.exited(s);
            }
        }
    }

    void recordHistory() {
        for (int s = Bits.next(exitSet, 0); s >= 0; s = Bits.next(exitSet, s + 1)) {
            for (int h : chart.histories[s]) {
                long[] value = history[h];
                if (value == null) {
                    value = new long[chart.words];
                    history[h] = value;
                }
                if (chart.kinds[h] == StateKind.HISTORY_DEEP) {
                    Bits.and(value, config, chart.descendants[s]);
                    for (int x = Bits.next(value, 0); x >= 0; x = Bits.next(value, x + 1)) {
                        if (!chart.atomic[x]) {
                            Bits.clear(value, x);
                        }
                    }
                } else {
                    Bits.and(value, config, chart.childMask[s]);
                }
            }
        }
    }

    void enterStates() {
        EntrySets es = sets;
        es.begin();
        for (int i = 0; i < enabledCount; i++) {
            int t = enabled[i];
            if (chart.tStatic[t]) {
                if (chart.tEntry[t] != null) {
                    Bits.or(es.toEnter, chart.tEntry[t]);
                    Bits.or(es.defaultEntry, chart.tDefaultEntry[t]);
                }
            } else {
                es.addTransition(t);
            }
        }
        long[] toEnter = es.toEnter;
        for (int s = Bits.next(toEnter, 0); s >= 0; s = Bits.next(toEnter, s + 1)) {
            Bits.set(config, s);
            if (observer != null) {
                observer.entered(s);
            }
            if (chart.hasInvokes) {
                Bits.set(statesToInvoke, s);
            }
            if (!dataBound[s]) {
                initData(s);
            }
            Action[] blocks = chart.onEntry[s];
            for (int k = 0; k < blocks.length; k++) {
                runBlock(blocks[k]);
            }
            if (Bits.get(es.defaultEntry, s)) {
                runBlock(chart.tAction[chart.initial[s]]);
            }
            if (chart.hasHistory && es.defaultHistory[s] >= 0) {
                runBlock(chart.tAction[es.defaultHistory[s]]);
            }
            if (chart.atomic[s]) {
                activeAtomic = s;
            }
            if (chart.kinds[s] == StateKind.FINAL) {
                enteredFinal(s);
            }
        }
    }

    void enteredFinal(int s) {
        int p = chart.parent[s];
        if (p == 0) {
            running = false;
            finalState = s;
            return;
        }
        Object data = doneData(s);
        internal.add(chart.doneEvent[p], chart.eventClass(chart.doneEvent[p]), MachineEvent.PLATFORM, null, null,
                null, null, data);
        int gp = chart.parent[p];
        if (gp > 0 && chart.kinds[gp] == StateKind.PARALLEL) {
            for (int child : chart.children[gp]) {
                if (!isInFinalState(child)) {
                    return;
                }
            }
            internal.add(chart.doneEvent[gp], chart.eventClass(chart.doneEvent[gp]), MachineEvent.PLATFORM, null,
                    null, null, null, null);
        }
    }

    void exitInterpreter(boolean sendDone) {
        for (int s = Bits.previous(config, chart.stateCount - 1); s >= 0; s = Bits.previous(config, s - 1)) {
            Action[] blocks = chart.onExit[s];
            for (int k = 0; k < blocks.length; k++) {
                runBlock(blocks[k]);
            }
            if (chart.hasInvokes) {
                invocations.cancelFor(s);
            }
            Bits.clear(config, s);
            if (observer != null) {
                observer.exited(s);
            }
        }
        running = false;
        outbox.cancelAll();
        invocations.cancelAll();
        context.unregister(self);
        if (sendDone && parent != null && parent.running) {
            Object data = finalState >= 0 ? doneData(finalState) : null;
            String name = "done.invoke." + invokeId;
            parent.external.add(name, parent.chart.eventClass(name), MachineEvent.EXTERNAL, null, origin,
                    Slots.SCXML_PROCESSOR, invokeId, data);
        }
    }

}

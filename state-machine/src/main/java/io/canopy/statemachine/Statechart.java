package io.canopy.statemachine;

import com.google.protobuf.InvalidProtocolBufferException;
import io.canopy.InputException;
import io.canopy.statemachine.build.DataDecl;
import io.canopy.statemachine.build.DoneData;
import io.canopy.statemachine.build.InvokeDef;
import io.canopy.statemachine.build.ScxmlLoader;
import io.canopy.statemachine.build.StatechartBuilder;
import io.canopy.statemachine.ecma.ExprProgram;
import io.canopy.statemachine.ecma.JsProgram;
import io.canopy.statemachine.ecma.NumericPath;
import io.canopy.statemachine.proto.MachineSnapshot;
import io.canopy.statemachine.tools.DotWriter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A statechart compiled to integer tables: built once (from SCXML with {@link ScxmlLoader} or in Java with
 * {@link StatechartBuilder}), immutable, and shared by every {@link Machine} instance made from it.
 *
 * <p>States are numbered in document order (pre-order, the {@code <scxml>} root is 0), so ascending index is
 * the SCXML entry order and descending index the exit order. For every atomic state and every event class
 * the table holds the candidate transitions along the ancestor chain in document order; for every transition
 * whose targets involve no history state, the transition domain, the exit mask and the entry set are
 * precomputed. An instance holds only its configuration, queues and data (and its own compiled copy of the
 * datamodel expressions): nothing in a chart changes after loading, so one chart may be shared by machines
 * running on different threads.
 *
 * <p>Event classes: every distinct event descriptor of the chart is a class; an event name belongs to the
 * class of the longest descriptor that is a token prefix of it ({@code foo} for {@code foo.bar}), or to
 * class 0, which only {@code *} matches.
 */
public final class Statechart {
    // ---- identity
    public String name;
    public String source;
    public boolean lateBinding;
    public boolean ecmascript;
    public List<String> warnings = List.of();

    /** A hash of the state ids and kinds: snapshots restore only into the chart they came from. */
    public long fingerprint;

    // ---- states
    public int stateCount;
    public int words;
    public String[] ids;
    public StateKind[] kinds;
    public int[] parent;
    /** Child states (no history pseudo-states), document order. */
    public int[][] children;
    /** History pseudo-states of each state. */
    public int[][] histories;
    /** For a compound state (and the root): its initial transition; for a history state: its default. */
    public int[] initial;
    public long[][] descendants;
    public long[][] childMask;
    public boolean[] atomic;
    public Action[][] onEntry;
    public Action[][] onExit;
    public String[] doneEvent;
    public DataDecl[][] stateData;
    public InvokeDef[][] invokes;
    public DoneData[] doneData;
    public NameTable stateIndex;
    public boolean hasInvokes;
    public boolean hasHistory;
    public int maxActiveAtomic;

    // ---- transitions (document order; initial and history-default transitions after the others)
    public int transitionCount;
    public int[] tSource;
    public int[][] tTargets;
    public boolean[] tInternal;
    public TransitionGuard[] tCond;
    public String[] tCondText;
    public String[][] tEvents;
    public Action[] tAction;
    /** Static (no history involved): domain, exit mask, entry set and default-entry set are precomputed. */
    public boolean[] tStatic;
    public int[] tDomain;
    public long[][] tExitMask;
    public long[][] tEntry;
    public long[][] tDefaultEntry;
    /**
     * A static transition that runs no user code and enters no final state: no transition content, no
     * onexit in its domain, no onentry, data, invoke or initial content in its entry set. In a simple chart
     * it is taken with two mask operations per configuration word.
     */
    public boolean[] tPure;
    /**
     * Transition {@code t} is pure but for user code on the typed numeric path ({@link NumericPath}: its cond
     * and action, if any, are typed), or targetless with only such code.
     */
    public boolean[] tTyped;
    /**
     * Simple charts: per (atomic state, event class), the pure unconditional transition that the event takes
     * ({@code >= 0}), {@code -1} when nothing matches, {@code -2} when candidates must be evaluated.
     */
    public int[] direct;
    /** Simple charts of at most 64 states: exit mask and entry set of pure transitions as single words. */
    public long[] tExitWord;
    public long[] tEntryWord;
    /** The atomic state a static transition ends in (the last atomic state of its entry list), or -1. */
    public int[] tLastAtomic;
    /** The static entry set in entry order. */
    public int[][] tEntryList;
    /**
     * One active atomic state at a time (no parallel states), no history, invokes or eventless transitions:
     * events take the {@code simpleStep} path of {@link Machine}.
     */
    public boolean simple;

    // ---- events
    public NameTable classTable;
    public String[] classNames;
    public int classCount;
    /** [atomicState * classCount + eventClass] -> candidate transitions along the ancestor chain. */
    public int[][] chains;
    /** [atomicState] -> eventless candidates along the ancestor chain (empty when none). */
    public int[][] eventless;
    public boolean anyEventless;

    // ---- data
    public String[] slotNames;
    public NameTable slotIndex;
    public DataDecl[] topData;
    /** The datamodel expressions, compiled by each instance against its own cells (see {@link ExprProgram}). */
    public ExprProgram program = ExprProgram.EMPTY;
    /** The scripts of a chart on the full ECMAScript engine, or null (compiled engine). */
    public JsProgram js;
    public String engine = "compiled";
    public String engineReason = "built in Java";

    public Statechart() {}

    /** The {@code name} attribute (or the builder's name). */
    public String name() {
        return name;
    }

    /**
     * Load-time diagnostics, one line each ({@code file:line:column: <element> attribute="source": problem}): every
     * expression of the document (and of the documents it invokes) that is not valid ECMAScript and so loads as
     * one that raises {@code error.execution} when evaluated. Empty for charts built in Java.
     */
    public List<String> warnings() {
        return warnings;
    }

    /**
     * Which datamodel engine runs the document: {@code "compiled"} (the compiled ECMAScript subset: no allocation
     * per event), {@code "full"} (Mozilla Rhino: all of ECMAScript, with an instruction budget per evaluation)
     * or {@code "null"} (the null datamodel).
     */
    public String datamodelEngine() {
        return engine;
    }

    /** Why {@link #datamodelEngine()} is what it is, one line (the first expression beyond the subset, say). */
    public String datamodelEngineReason() {
        return engineReason;
    }

    /** Where it came from (a file name, or "builder"). */
    public String source() {
        return source;
    }

    /** The number of states (history pseudo-states included, the {@code <scxml>} root not). */
    public int stateCount() {
        return stateCount - 1;
    }

    /** Index of a state id, or -1 (the root has none). */
    public int stateIndex(String id) {
        return stateIndex.get(id);
    }

    /** The id of the state with this index (see {@link MachineObserver}); indices run from 1 to {@link #stateCount()}. */
    public String stateId(int state) {
        return ids[state];
    }

    /** The number of transitions; their indices run from 0 (see {@link MachineObserver#transition}). */
    public int transitionCount() {
        return transitionCount;
    }

    /**
     * Transition {@code t} in words, for traces: {@code Patrol -> Docking on battery.low [cond]}, with
     * {@code (eventless)} for a transition without event and {@code (targetless)} for one without target.
     */
    public String transitionText(int t) {
        StringBuilder sb = new StringBuilder();
        sb.append(tSource[t] > 0 ? ids[tSource[t]] : "(initial)").append(" -> ");
        if (tTargets[t].length == 0) {
            sb.append("(targetless)");
        } else {
            for (int k = 0; k < tTargets[t].length; k++) {
                sb.append(k > 0 ? " " : "").append(ids[tTargets[t][k]]);
            }
        }
        sb.append(tEvents[t] == null || tEvents[t].length == 0 ? " (eventless)" : " on " + String.join(" ", tEvents[t]));
        if (tCondText[t] != null) {
            sb.append(" [").append(tCondText[t]).append(']');
        }
        return sb.toString();
    }

    /** State ids in document order. */
    public List<String> stateIds() {
        List<String> out = new ArrayList<>();
        for (int i = 1; i < stateCount; i++) {
            if (!kinds[i].isHistory()) {
                out.add(ids[i]);
            }
        }
        return Collections.unmodifiableList(out);
    }

    /**
     * The event class of a name (see the class comment): resolve it once with this, then dispatch with
     * {@link Machine#fire(int)} to skip the name lookup.
     */
    public int eventClass(String eventName) {
        int cls = classTable.get(eventName);
        if (cls >= 0) {
            return cls;
        }
        for (int i = eventName.length() - 1; i > 0; i--) {
            if (eventName.charAt(i) == '.') {
                cls = classTable.get(eventName, i);
                if (cls >= 0) {
                    return cls;
                }
            }
        }
        return 0;
    }

    /** A new instance, not started, with its own configuration, queues and data. */
    public Machine newMachine(MachineContext context) {
        return new Machine(this, context, null, null);
    }

    /**
     * Resumes a machine from {@link Machine#snapshot()} bytes taken from an instance of this chart (possibly
     * in another process): same configuration, history, data and queues; pending delayed sends fire after
     * the time they had left. No onentry handler runs. Bad bytes or another chart's snapshot are an
     * {@link io.canopy.InputException}.
     */
    public Machine restore(MachineContext context, byte[] snapshot) {
        MachineSnapshot s;
        try {
            s = MachineSnapshot.parseFrom(snapshot);
        } catch (InvalidProtocolBufferException e) {
            throw new InputException("machine snapshot of " + snapshot.length + " bytes is not a "
                    + "canopy.statemachine.MachineSnapshot: " + e.getMessage(), e);
        }
        Machine m = new Machine(this, context, null, null);
        m.restoreFrom(s);
        return m;
    }

    /** A Graphviz DOT picture: states nested as clusters, transitions labelled with event and condition. */
    public String toDot() {
        return DotWriter.write(this);
    }

    boolean isDescendant(int state, int ancestor) {
        return Bits.get(descendants[ancestor], state);
    }

    @Override
    public String toString() {
        return "Statechart[" + name + ", " + (stateCount - 1) + " states, " + transitionCount + " transitions]";
    }
}

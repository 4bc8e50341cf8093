package io.canopy.statemachine;

import io.canopy.expr.CompiledExpression;
import io.canopy.statemachine.build.DataDecl;
import io.canopy.statemachine.build.DoneData;
import io.canopy.statemachine.build.SendAction;
import io.canopy.statemachine.ecma.ExprProgram;
import io.canopy.statemachine.ecma.JsSession;
import java.util.Map;

/**
 * The state of one {@link Machine} session: configuration bit sets, queues, data cells, invocations and the
 * scratch arrays the algorithm reuses (allocated once, here), and the datamodel operations executable
 * content needs (data initialisation, error events, running a block, evaluating a condition). The algorithm
 * itself is in {@link MachineCore}; the public API in {@link Machine}.
 */
abstract class MachineSession {
    /** This, as the public type that actions and expressions receive. */
    final Machine self;
    public final Statechart chart;
    public final MachineContext context;
    final Machine parent;
    /** The id under which the parent invoked this session, or null. */
    final String invokeId;
    final String sessionId;
    final String origin;

    final long[] config;
    final long[] statesToInvoke;
    final long[] exitSet;
    final long[][] history;
    final EntrySets sets;
    final int[] enabled;
    int enabledCount;
    final long[][] exitScratch;
    final int[] filtered;

    public final MachineQueue internal = new MachineQueue(16);
    public final MachineQueue external = new MachineQueue(16);
    public final MachineEvent current = new MachineEvent();
    public final DataCell[] cells;
    /** This instance's compiled datamodel expressions: entry i of the chart's {@link ExprProgram}. */
    public final CompiledExpression[] code;
    /** The full ECMAScript engine of this instance, when its chart runs on it; else null. */
    public final JsSession js;
    final boolean[] dataBound;
    public final Outbox outbox;
    final Invocations invocations;
    /** The src a child chart was loaded from at run time ({@code srcexpr}), for snapshots; else null. */
    String invokedSrc;
    /** Values from the invoking parent's param/namelist that override the top-level data, or null. */
    Map<String, Object> initialValues;

    /** The chart is simple and no microstep observer watches: events take the short path. */
    final boolean simple;
    /** The active atomic state of a simple chart (see {@link Statechart#simple}). */
    int activeAtomic = -1;
    boolean started;
    boolean running;
    boolean busy;
    int finalState = -1;
    /** Told of every step (transitions, exits, entries), or null: see {@link Machine#observe}. */
    MachineObserver observer;

    MachineSession(Statechart chart, MachineContext context, Machine parent, String invokeId) {
        this.self = (Machine) this;
        this.chart = chart;
        this.context = context;
        this.parent = parent;
        this.invokeId = invokeId;
        this.sessionId = context.newSessionId();
        this.origin = "#_scxml_" + sessionId;
        int words = chart.words;
        config = new long[words];
        statesToInvoke = new long[words];
        exitSet = new long[words];
        history = new long[chart.stateCount][];
        sets = new EntrySets(chart, history);
        int maxEnabled = Math.max(1, chart.maxActiveAtomic);
        enabled = new int[maxEnabled];
        exitScratch = new long[maxEnabled][words];
        filtered = new int[maxEnabled];
        cells = new DataCell[chart.slotNames.length];
        for (int i = 0; i < cells.length; i++) {
            cells[i] = new DataCell(chart.slotNames[i], Slots.isSystem(chart.slotNames[i]));
        }
        code = chart.program.instantiate(self, cells, chart.slotIndex);
        js = chart.js == null ? null : new JsSession(self, chart.js);
        simple = chart.simple && context.microstepObserver == null;
        dataBound = new boolean[chart.stateCount];
        outbox = new Outbox(self);
        invocations = new Invocations(self);
    }

    // ------------------------------------------------------------------ datamodel

    void initSystemData() {
        cells[Slots.SESSIONID].force(sessionId);
        cells[Slots.NAME].force(chart.name);
        cells[Slots.IOPROCESSORS].force(Slots.ioProcessors(origin));
    }

    void initData(int state) {
        dataBound[state] = true;
        for (DataDecl decl : chart.stateData[state]) {
            DataCell cell = cells[decl.slot];
            if (decl.expr != null) {
                try {
                    cell.force(decl.expr.get(self));
                } catch (RuntimeException e) {
                    cell.force(null);
                    raiseError(ERROR_EXECUTION, "<data id='" + decl.id + "'>: " + e.getMessage(), null);
                }
            } else {
                cell.force(decl.constant);
            }
        }
    }

    public static final String ERROR_EXECUTION = "error.execution";
    static final String ERROR_COMMUNICATION = "error.communication";

    /** Queues an error event on the internal queue (SCXML 5.10.2); {@code detail} goes to the log. */
    public void raiseError(String name, String detail, String sendid) {
        internal.add(name, chart.eventClass(name), MachineEvent.PLATFORM, sendid, null, null, null, null);
        context.logSink.log(self, name, detail);
    }

    /** Runs one block of executable content; an exception ends the block and raises error.execution. */
    void runBlock(Action block) {
        if (block == null) {
            return;
        }
        try {
            block.run(self);
        } catch (RuntimeException e) {
            raiseError(ERROR_EXECUTION, e.getMessage() == null ? e.toString() : e.getMessage(),
                    e instanceof SendAction.SendError ? ((SendAction.SendError) e).sendid : null);
        }
    }

    boolean evalCond(int t) {
        TransitionGuard g = chart.tCond[t];
        if (g == null) {
            return true;
        }
        try {
            return g.test(self);
        } catch (RuntimeException e) {
            raiseError(ERROR_EXECUTION, "cond '" + chart.tCondText[t] + "': " + e.getMessage(), null);
            return false;
        }
    }

    // ------------------------------------------------------------------ final states

    boolean isInFinalState(int s) {
        if (chart.kinds[s] == StateKind.COMPOUND) {
            for (int child : chart.children[s]) {
                if (chart.kinds[child] == StateKind.FINAL && Bits.get(config, child)) {
                    return true;
                }
            }
            return false;
        }
        if (chart.kinds[s] == StateKind.PARALLEL) {
            for (int child : chart.children[s]) {
                if (!isInFinalState(child)) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    Object doneData(int s) {
        DoneData dd = chart.doneData[s];
        if (dd == null) {
            return null;
        }
        try {
            return Payloads.build(self, dd.params, dd.content);
        } catch (RuntimeException e) {
            raiseError(ERROR_EXECUTION, "<donedata> of '" + chart.ids[s] + "': " + e.getMessage(), null);
            return null;
        }
    }
}

package io.canopy.statemachine;

import io.canopy.expr.Variable;
import io.canopy.statemachine.build.DataDecl;
import io.canopy.statemachine.build.InvokeDef;
import io.canopy.statemachine.proto.MachineSnapshot;
import io.canopy.tick.Event;
import io.canopy.tick.EventHandler;
import io.canopy.tick.TickListener;
import java.util.ArrayList;
import java.util.List;

/**
 * One running instance of a {@link Statechart}: its configuration, queues, history and data, and the SCXML
 * 1.0 interpretation algorithm (Appendix D) over the chart's precomputed tables. Single-threaded: only the
 * tick thread calls it. Instances of one chart share nothing mutable, so they may run on different threads. Dispatching an event
 * without data allocates nothing.
 *
 * <p>Use: {@link #start()}, then {@link #fire(String)} (queue and run to completion) or {@link #offer(String)}
 * from the tick thread and {@link #onTick(long)} once per tick of the timer the machine is bound to.
 */
public final class Machine extends MachineCore implements TickListener, EventHandler {
    Machine(Statechart chart, MachineContext context, Machine parent, String invokeId) {
        super(chart, context, parent, invokeId);
    }

    // ------------------------------------------------------------------ public API

    public Statechart chart() {
        return chart;
    }

    /** The SCXML session id ({@code _sessionid}). */
    public String sessionId() {
        return sessionId;
    }

    /** Initialises the datamodel, enters the initial configuration and runs until it waits for events. */
    public void start() {
        if (started) {
            throw new IllegalStateException("machine " + chart.name + " already started");
        }
        started = true;
        running = true;
        context.register(this);
        busy = true;
        try {
            initSystemData();
            initData(0);
            if (!chart.lateBinding) {
                for (int s = 1; s < chart.stateCount; s++) {
                    initData(s);
                }
            }
            if (initialValues != null) {
                for (DataDecl decl : chart.topData) {
                    if (initialValues.containsKey(decl.id)) {
                        cells[decl.slot].force(initialValues.get(decl.id));
                    }
                }
            }
            for (Action script : chart.onEntry[0]) {
                runBlock(script);
            }
            enabled[0] = chart.initial[0];
            enabledCount = 1;
            enterStates();
            runInternal();
        } finally {
            busy = false;
        }
        drain();
    }

    /** Queues an external event and runs to completion. */
    public void fire(String event) {
        fire(event, chart.eventClass(event), null);
    }

    /** Queues an external event with a payload and runs to completion. */
    public void fire(String event, Object data) {
        fire(event, chart.eventClass(event), data);
    }

    /**
     * Queues an external event whose class was resolved once with {@link Statechart#eventClass(String)},
     * and runs to completion: the cheapest dispatch.
     */
    public void fire(String event, int eventClass, Object data) {
        if (!busy && running && external.isEmpty() && !chart.hasInvokes) {
            // the event would be the next one taken from the queue: process it without queueing
            MachineEvent e = current;
            e.name = event;
            e.eventClass = eventClass;
            e.type = MachineEvent.EXTERNAL;
            e.sendid = null;
            e.origin = null;
            e.origintype = null;
            e.invokeid = null;
            e.data = data;
            if (simple && directStep()) {
                return;
            }
            process(false);
            if (!external.isEmpty()) {
                drain();
            }
            return;
        }
        external.add(event, eventClass, MachineEvent.EXTERNAL, null, null, null, null, data);
        if (!busy) {
            drain();
        }
    }

    /** Queues an external event to be taken at the next {@link #onTick(long)} (or {@link #drain()}). */
    public void offer(String event, Object data) {
        external.add(event, chart.eventClass(event), MachineEvent.EXTERNAL, null, null, null, null, data);
    }

    /**
     * Ticker inbox hook: queues a ticker event by name with its attachment as data (the payload bytes are
     * not copied), to be taken at the next tick.
     */
    @Override
    public void onEvent(Event event) {
        offer(event.name(), event.attachment());
    }

    /** Ticker hook: takes every queued external event, each run to completion (and runs invoked children). */
    @Override
    public void onTick(long nowNs) {
        MachineObserver o = observer;
        if (o != null) {
            o.tickStarted();
        }
        drain();
        if (chart.hasInvokes && invocations.trees.count() > 0 && running && !busy) {
            invocations.trees.tick();
            drain();
        }
        if (o != null) {
            o.tickEnded();
        }
    }

    /**
     * Tells {@code o} of this machine's ticks, transitions, exits and entries from now on (null stops). Call
     * from the tick thread or before it runs. Unobserved, each step costs one null check.
     */
    public void observe(MachineObserver o) {
        observer = o;
    }

    /** Processes queued external events (and those of invoked children) until none is left. */
    public void drain() {
        if (busy) {
            return;
        }
        boolean progress = true;
        while (progress) {
            progress = false;
            while (running && !external.isEmpty()) {
                processExternal();
                progress = true;
            }
            if (invocations.drainChildren()) {
                progress = true;
            }
        }
    }

    boolean hasWork() {
        return running && (!external.isEmpty() || invocations.hasWork());
    }

    /** True once the machine reached a top-level final state, was halted or was cancelled. */
    public boolean isFinished() {
        return started && !running;
    }

    public boolean isRunning() {
        return running;
    }

    /** The id of the top-level final state the machine stopped in, or null. */
    public String finalStateId() {
        return finalState < 0 ? null : chart.ids[finalState];
    }

    /** Is the state with this index (see {@link Statechart#stateIndex(String)}) active? */
    public boolean isActive(int state) {
        return state > 0 && state < chart.stateCount && Bits.get(config, state);
    }

    /** Is the state with this id active ({@code In('id')})? */
    public boolean isActive(String stateId) {
        return isActive(chart.stateIndex.get(stateId));
    }

    /** The active states in document order (allocates: for display and tests). */
    public List<String> activeStates() {
        List<String> out = new ArrayList<>();
        for (int s = Bits.next(config, 0); s >= 0; s = Bits.next(config, s + 1)) {
            out.add(chart.ids[s]);
        }
        return out;
    }

    /** The active atomic states in document order (allocates: for display). */
    public List<String> activeAtomicStates() {
        List<String> out = new ArrayList<>();
        for (int s = Bits.next(config, 0); s >= 0; s = Bits.next(config, s + 1)) {
            if (chart.atomic[s]) {
                out.add(chart.ids[s]);
            }
        }
        return out;
    }

    /** A number that changes when the configuration changes (a hash of it; no allocation). */
    public long configurationSignature() {
        long h = 1;
        for (int w = 0; w < config.length; w++) {
            h = h * 1_000_003L + config[w];
        }
        return h;
    }

    /** The datamodel item {@code id} (a system variable such as {@code _sessionid} too), or null. */
    public Variable data(String id) {
        int slot = chart.slotIndex.get(id);
        return slot < 0 ? null : cells[slot];
    }

    /** The event being processed ({@code _event}). */
    public MachineEvent currentEvent() {
        return current;
    }

    /**
     * Stops the machine the SCXML way: exits every active state in exit order (running their onexit
     * handlers), cancels invoked sessions and pending delayed sends. No done event is sent.
     */
    public void halt() {
        if (!running) {
            return;
        }
        running = false;
        exitInterpreter(false);
    }

    /**
     * The machine as a protobuf {@code canopy.statemachine.MachineSnapshot} (see {@code snapshot.proto}):
     * configuration, history, data, queues, pending delayed sends with their remaining time and invoked
     * sessions. Take it between ticks; {@link Statechart#restore(MachineContext, byte[])} resumes it.
     */
    public byte[] snapshot() {
        return Snapshots.capture(this).toByteArray();
    }

    /** Fills a fresh (not started) instance from a snapshot; see {@link Statechart#restore}. */
    void restoreFrom(MachineSnapshot s) {
        if (started) {
            throw new IllegalStateException("restore into a machine that was already started");
        }
        started = true;
        running = s.getRunning();
        context.register(this);
        initSystemData();
        Snapshots.restore(this, s);
        if (!s.getFinalState().isEmpty()) {
            finalState = chart.stateIndex(s.getFinalState());
        }
        if (!running) {
            outbox.cancelAll();
            context.unregister(this);
        } else if (chart.hasInvokes) {
            restartTreeActivities();
        }
    }

    /** Tree activities are not in snapshots: the active states' trees start again. */
    private void restartTreeActivities() {
        for (int s = Bits.next(config, 0); s >= 0; s = Bits.next(config, s + 1)) {
            for (InvokeDef inv : chart.invokes[s]) {
                if (inv.treeFile != null) {
                    invocations.start(inv);
                }
            }
        }
    }

    /** Cancels the session without running exit handlers (an invoking parent left the invoking state). */
    void cancel() {
        running = false;
        outbox.cancelAll();
        invocations.cancelAll();
        context.unregister(this);
    }

    @Override
    public String toString() {
        return "Machine[" + chart.name + " " + sessionId + " " + activeStates() + "]";
    }
}

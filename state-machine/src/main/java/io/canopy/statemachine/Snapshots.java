package io.canopy.statemachine;

import io.canopy.InputException;
import io.canopy.expr.Expressions;
import io.canopy.statemachine.build.InvokeDef;
import io.canopy.statemachine.proto.DataItem;
import io.canopy.statemachine.proto.HistoryValue;
import io.canopy.statemachine.proto.InvokedSession;
import io.canopy.statemachine.proto.ListValue;
import io.canopy.statemachine.proto.MachineSnapshot;
import io.canopy.statemachine.proto.MapValue;
import io.canopy.statemachine.proto.PendingSend;
import io.canopy.statemachine.proto.QueuedEvent;
import io.canopy.statemachine.proto.Value;
import io.canopy.tick.OneShotTimers;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mozilla.javascript.Function;
import org.mozilla.javascript.Undefined;

/**
 * Captures a machine between macrosteps as a {@link MachineSnapshot} protobuf message and restores it into a
 * new instance of the same chart (in another process): configuration, history, datamodel, late-binding
 * progress, both queues, pending delayed sends with their remaining time (rescheduled on the new clock), and
 * invoked child sessions, recursively. Restoring runs no onentry handler: the machine resumes where it was.
 * Tree activities are not captured; a restored state with a {@code canopy:tree} invoke starts its tree again.
 */
final class Snapshots {
    private Snapshots() {}

    static MachineSnapshot capture(Machine m) {
        if (m.busy) {
            throw new IllegalStateException("snapshot of machine " + m.chart.name + " taken inside a macrostep: take it "
                    + "between ticks (not from an action)");
        }
        Statechart c = m.chart;
        MachineSnapshot.Builder b = MachineSnapshot.newBuilder()
                .setChartName(c.name == null ? "" : c.name)
                .setChartFingerprint(c.fingerprint)
                .setRunning(m.isRunning());
        if (m.finalStateId() != null) {
            b.setFinalState(m.finalStateId());
        }
        if (m.invokeId != null) {
            b.setInvokeId(m.invokeId);
        }
        for (int s = Bits.next(m.config, 0); s >= 0; s = Bits.next(m.config, s + 1)) {
            b.addActiveStates(c.ids[s]);
        }
        for (int h = 0; h < c.stateCount; h++) {
            if (m.history[h] != null) {
                HistoryValue.Builder hv = HistoryValue.newBuilder().setHistoryState(c.ids[h]);
                for (int s = Bits.next(m.history[h], 0); s >= 0; s = Bits.next(m.history[h], s + 1)) {
                    hv.addStates(c.ids[s]);
                }
                b.addHistory(hv);
            }
        }
        for (int slot = 0; slot < m.cells.length; slot++) {
            if (!Slots.isSystem(c.slotNames[slot])) {
                b.addData(DataItem.newBuilder().setName(c.slotNames[slot])
                        .setValue(value(m.cells[slot].objectValue(), c.slotNames[slot])));
            }
        }
        for (int s = 0; s < c.stateCount; s++) {
            if (m.dataBound[s] && s > 0) {
                b.addBoundStates(c.ids[s]);
            }
        }
        for (int k = 0; k < m.internal.size(); k++) {
            b.addInternalQueue(event(m.internal.peek(k)));
        }
        for (int k = 0; k < m.external.size(); k++) {
            b.addExternalQueue(event(m.external.peek(k)));
        }
        long now = m.context.timers == null ? 0 : m.context.timers.clock().nanoTime();
        for (int k = 0; k < m.outbox.pending(); k++) {
            Object[] p = m.outbox.pendingSend(k);
            PendingSend.Builder ps = PendingSend.newBuilder().setEvent((String) p[0])
                    .setRemainingNs(Math.max(0, (Long) p[3] - now)).setData(value(p[4], "send " + p[0]));
            if (p[1] != null) {
                ps.setTarget((String) p[1]);
            }
            if (p[2] != null) {
                ps.setSendid((String) p[2]);
            }
            b.addPendingSends(ps);
        }
        for (int i = 0; i < m.invocations.count(); i++) {
            Machine child = m.invocations.childAt(i);
            InvokeDef def = m.invocations.defAt(i);
            if (!child.isRunning()) {
                continue;
            }
            int index = Arrays.asList(c.invokes[def.state]).indexOf(def);
            b.addInvoked(InvokedSession.newBuilder().setState(c.ids[def.state]).setInvokeIndex(index)
                    .setSrc(child.invokedSrc == null ? "" : child.invokedSrc).setSession(capture(child)));
        }
        return b.build();
    }

    private static QueuedEvent event(Object[] e) {
        QueuedEvent.Builder q = QueuedEvent.newBuilder().setName((String) e[0]).setType((String) e[1]);
        if (e[2] != null) {
            q.setSendid((String) e[2]);
        }
        if (e[3] != null) {
            q.setOrigin((String) e[3]);
        }
        if (e[4] != null) {
            q.setOrigintype((String) e[4]);
        }
        if (e[5] != null) {
            q.setInvokeid((String) e[5]);
        }
        return q.setData(value(e[6], "event " + e[0])).build();
    }

    static Value value(Object v, String what) {
        Value.Builder b = Value.newBuilder();
        if (v == null || v == Expressions.UNDEFINED || v instanceof Undefined) {
            return b.setUndefined(true).build();
        }
        if (v instanceof CharSequence && !(v instanceof String)) {
            v = v.toString(); // an ECMAScript string built by concatenation (full engine)
        }
        if (v instanceof Function) {
            throw new IllegalStateException(what + " holds an ECMAScript function, which a snapshot cannot save: keep "
                    + "numbers, strings, booleans, objects and arrays in the datamodel and functions in <script>");
        }
        if (v == Expressions.NULL) {
            return b.setNullValue(true).build();
        }
        if (v instanceof Boolean) {
            return b.setBoolValue((Boolean) v).build();
        }
        if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return b.setLongValue(((Number) v).longValue()).build();
        }
        if (v instanceof Number) {
            return b.setDoubleValue(((Number) v).doubleValue()).build();
        }
        if (v instanceof String) {
            return b.setStringValue((String) v).build();
        }
        if (v instanceof MachineEvent) {
            MachineEvent e = (MachineEvent) v;
            Map<String, Object> fields = new LinkedHashMap<>();
            for (String f : new String[] {"name", "type", "sendid", "origin", "origintype", "invokeid", "data"}) {
                fields.put(f, e.field(f));
            }
            v = fields;
        }
        if (v instanceof Map) {
            MapValue.Builder mb = MapValue.newBuilder();
            for (Map.Entry<?, ?> en : ((Map<?, ?>) v).entrySet()) {
                mb.addEntries(DataItem.newBuilder().setName(String.valueOf(en.getKey()))
                        .setValue(value(en.getValue(), what)));
            }
            return b.setMapValue(mb).build();
        }
        if (v instanceof Collection || v.getClass().isArray()) {
            ListValue.Builder lb = ListValue.newBuilder();
            Object[] items = v instanceof Collection ? ((Collection<?>) v).toArray() : boxed(v);
            for (Object item : items) {
                lb.addItems(value(item, what));
            }
            return b.setListValue(lb).build();
        }
        throw new IllegalStateException(what + " holds a " + v.getClass().getName()
                + ", which a snapshot cannot save: keep numbers, strings, booleans, maps and lists in the datamodel");
    }

    private static Object[] boxed(Object array) {
        Object[] out = new Object[Array.getLength(array)];
        for (int i = 0; i < out.length; i++) {
            out[i] = Array.get(array, i);
        }
        return out;
    }

    static Object javaValue(Value v) {
        switch (v.getKindCase()) {
            case NULL_VALUE:
                return Expressions.NULL;
            case BOOL_VALUE:
                return v.getBoolValue();
            case LONG_VALUE:
                return v.getLongValue();
            case DOUBLE_VALUE:
                return v.getDoubleValue();
            case STRING_VALUE:
                return v.getStringValue();
            case MAP_VALUE: {
                Map<String, Object> map = new LinkedHashMap<>();
                for (DataItem e : v.getMapValue().getEntriesList()) {
                    map.put(e.getName(), javaValue(e.getValue()));
                }
                return map;
            }
            case LIST_VALUE: {
                List<Object> list = new ArrayList<>();
                for (Value item : v.getListValue().getItemsList()) {
                    list.add(javaValue(item));
                }
                return list;
            }
            default:
                return null;
        }
    }

    private static int state(Statechart c, String id) {
        int s = c.stateIndex(id);
        if (s < 0) {
            throw new InputException("snapshot names state '" + id + "', which chart " + c.name + " does not have");
        }
        return s;
    }

    static void restore(Machine m, MachineSnapshot s) {
        Statechart c = m.chart;
        if (s.getChartFingerprint() != c.fingerprint) {
            throw new InputException("snapshot of chart '" + s.getChartName() + "' does not match chart '" + c.name
                    + "' (its states differ): restore it with the chart it was taken from");
        }
        for (String id : s.getActiveStatesList()) {
            Bits.set(m.config, state(c, id));
        }
        for (int st = Bits.next(m.config, 0); st >= 0; st = Bits.next(m.config, st + 1)) {
            if (c.atomic[st]) {
                m.activeAtomic = st;
            }
        }
        for (HistoryValue hv : s.getHistoryList()) {
            long[] bits = new long[c.words];
            for (String id : hv.getStatesList()) {
                Bits.set(bits, state(c, id));
            }
            m.history[state(c, hv.getHistoryState())] = bits;
        }
        m.dataBound[0] = true;
        for (int st = 1; st < c.stateCount; st++) {
            m.dataBound[st] = !c.lateBinding;
        }
        for (String id : s.getBoundStatesList()) {
            m.dataBound[state(c, id)] = true;
        }
        for (DataItem d : s.getDataList()) {
            int slot = c.slotIndex.get(d.getName());
            if (slot >= 0) {
                m.cells[slot].force(javaValue(d.getValue()));
            }
        }
        for (QueuedEvent e : s.getInternalQueueList()) {
            add(m.internal, m.chart, e);
        }
        for (QueuedEvent e : s.getExternalQueueList()) {
            add(m.external, m.chart, e);
        }
        OneShotTimers timers = m.context.timers;
        for (PendingSend p : s.getPendingSendsList()) {
            m.outbox.send(p.getEvent(), p.hasTarget() ? p.getTarget() : null, p.hasSendid() ? p.getSendid() : null,
                    Math.max(1, p.getRemainingNs()), javaValue(p.getData()));
        }
        if (timers == null && s.getPendingSendsCount() > 0) {
            throw new IllegalStateException("the snapshot has pending delayed sends: give the context timers");
        }
        for (InvokedSession is : s.getInvokedList()) {
            int st = state(c, is.getState());
            InvokeDef def = c.invokes[st][is.getInvokeIndex()];
            Statechart childChart = def.child != null ? def.child : def.chartSource.load(is.getSrc());
            Machine child = new Machine(childChart, m.context, m, is.getSession().getInvokeId());
            child.invokedSrc = def.child == null ? is.getSrc() : null;
            child.restoreFrom(is.getSession());
            m.invocations.adopt(def, is.getSession().getInvokeId(), child);
        }
    }

    private static void add(MachineQueue q, Statechart c, QueuedEvent e) {
        q.add(e.getName(), c.eventClass(e.getName()), e.getType(), e.hasSendid() ? e.getSendid() : null,
                e.hasOrigin() ? e.getOrigin() : null, e.hasOrigintype() ? e.getOrigintype() : null,
                e.hasInvokeid() ? e.getInvokeid() : null, javaValue(e.getData()));
    }
}

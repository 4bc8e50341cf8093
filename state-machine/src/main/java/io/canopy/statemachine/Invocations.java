package io.canopy.statemachine;

import io.canopy.statemachine.build.InvokeDef;
import io.canopy.statemachine.build.Param;
import io.canopy.statemachine.tree.TreeActivities;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The sessions a machine has invoked ({@code <invoke>}): started at the end of a macrostep for the states
 * entered in it, fed finalize and autoforward, cancelled when their state is exited or the machine stops.
 */
public final class Invocations {
    static final String SCXML_TYPE = "http://www.w3.org/TR/scxml/";

    private final Machine m;
    private Machine[] children = new Machine[2];
    private InvokeDef[] defs = new InvokeDef[2];
    private String[] ids = new String[2];
    private int count;
    final TreeActivities trees;

    Invocations(Machine m) {
        this.m = m;
        this.trees = new TreeActivities(m);
    }

    public static boolean isScxmlType(String type) {
        return type == null || type.isEmpty() || type.equals("scxml") || type.equals(SCXML_TYPE)
                || type.equals("http://www.w3.org/TR/scxml") || type.equals(Slots.SCXML_PROCESSOR);
    }

    void start(InvokeDef inv) {
        String id = inv.id != null ? inv.id : m.chart.ids[inv.state] + "." + m.context.newPlatformId();
        if (inv.treeFile != null) {
            trees.start(inv, id);
            return;
        }
        Statechart chart;
        String src = null;
        Map<String, Object> values = null;
        try {
            String type = inv.typeExpr != null ? String.valueOf(inv.typeExpr.get(m)) : inv.type;
            if (!isScxmlType(type)) {
                throw new IllegalArgumentException("invoke type '" + type + "' is not supported (use scxml)");
            }
            if (inv.idLocation != null) {
                inv.idLocation.set(m, id);
            }
            if (inv.child == null) {
                src = String.valueOf(inv.srcExpr.get(m));
            }
            chart = inv.child != null ? inv.child : inv.chartSource.load(src);
            if (inv.params.length > 0) {
                values = new LinkedHashMap<>();
                for (Param p : inv.params) {
                    values.put(p.name, p.value.get(m));
                }
            }
        } catch (RuntimeException e) {
            m.raiseError(Machine.ERROR_EXECUTION, "<invoke> at " + inv.where + ": " + e.getMessage(), null);
            return;
        }
        Machine child = new Machine(chart, m.context, m, id);
        child.initialValues = values;
        child.invokedSrc = src;
        if (count == children.length) {
            children = Arrays.copyOf(children, count * 2);
            defs = Arrays.copyOf(defs, count * 2);
            ids = Arrays.copyOf(ids, count * 2);
        }
        children[count] = child;
        defs[count] = inv;
        ids[count] = id;
        count++;
        child.start();
    }

    int count() {
        return count;
    }

    Machine childAt(int i) {
        return children[i];
    }

    InvokeDef defAt(int i) {
        return defs[i];
    }

    /** Re-attaches a restored child session. */
    void adopt(InvokeDef inv, String id, Machine child) {
        if (count == children.length) {
            children = Arrays.copyOf(children, count * 2);
            defs = Arrays.copyOf(defs, count * 2);
            ids = Arrays.copyOf(ids, count * 2);
        }
        children[count] = child;
        defs[count] = inv;
        ids[count] = id;
        count++;
    }

    Machine child(String id) {
        for (int i = 0; i < count; i++) {
            if (ids[i].equals(id)) {
                return children[i];
            }
        }
        return null;
    }

    boolean hasWork() {
        for (int i = 0; i < count; i++) {
            if (children[i].hasWork()) {
                return true;
            }
        }
        return false;
    }

    /** Runs every child that has queued events; true when any did. */
    boolean drainChildren() {
        boolean any = false;
        for (int i = 0; i < count; i++) {
            Machine child = children[i];
            if (child.hasWork()) {
                child.drain();
                any = true;
            }
        }
        return any;
    }

    /** Finalize and autoforward for the external event now in {@code m.current}. */
    void onExternalEvent() {
        MachineEvent e = m.current;
        for (int i = 0; i < count; i++) {
            InvokeDef inv = defs[i];
            if (!m.isActive(inv.state)) {
                continue;
            }
            if (e.invokeid != null && e.invokeid.equals(ids[i])) {
                m.runBlock(inv.finalize);
            }
            Machine child = children[i];
            if (inv.autoforward && child.isRunning()) {
                child.external.add(e.name, child.chart.eventClass(e.name), e.type, e.sendid, e.origin, e.origintype,
                        e.invokeid, e.data);
            }
        }
    }

    /** Cancels the sessions invoked by {@code state} (it is being exited). */
    void cancelFor(int state) {
        if (trees.count() > 0) {
            trees.haltFor(state);
        }
        for (int i = count - 1; i >= 0; i--) {
            if (defs[i].state == state) {
                children[i].cancel();
                remove(i);
            }
        }
    }

    void cancelAll() {
        trees.haltAll();
        for (int i = count - 1; i >= 0; i--) {
            children[i].cancel();
            remove(i);
        }
    }

    private void remove(int i) {
        System.arraycopy(children, i + 1, children, i, count - i - 1);
        System.arraycopy(defs, i + 1, defs, i, count - i - 1);
        System.arraycopy(ids, i + 1, ids, i, count - i - 1);
        count--;
        children[count] = null;
        defs[count] = null;
        ids[count] = null;
    }
}

package io.canopy.statemachine.tree;

import io.canopy.bt.Blackboard;
import io.canopy.bt.Status;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.bt.load.XmlTreeLoader;
import io.canopy.statemachine.Machine;
import io.canopy.statemachine.MachineEvent;
import io.canopy.statemachine.build.InvokeDef;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Behavior trees run as state activities ({@code <invoke type="canopy:tree" src="patrol.xml"/>}): built and
 * started when the state's invokes start, ticked at every tick of the machine's timer while the state is
 * active, halted when it is exited. When a tree finishes, the machine receives {@code done.invoke.<id>}
 * with {@code _event.data.status} {@code "SUCCESS"} or {@code "FAILURE"}.
 */
public final class TreeActivities {
    public static final String TYPE = "canopy:tree";

    private final Machine m;
    private Tree[] trees = new Tree[2];
    private InvokeDef[] defs = new InvokeDef[2];
    private String[] ids = new String[2];
    private int count;

    public TreeActivities(Machine m) {
        this.m = m;
    }

    public int count() {
        return count;
    }

    public void start(InvokeDef inv, String id) {
        Tree tree;
        try {
            if (m.context.timers == null) {
                throw new IllegalStateException("a tree activity needs the ticker's timers in the MachineContext");
            }
            tree = new XmlTreeLoader(m.context.treeRegistry()).loadFile(inv.treeFile, Blackboard.create(),
                    new TreeContext(m.context.timers, 0L));
            if (inv.idLocation != null) {
                inv.idLocation.set(m, id);
            }
        } catch (RuntimeException e) {
            m.raiseError(Machine.ERROR_EXECUTION, "<invoke type=\"canopy:tree\"> at " + inv.where + ": " + e.getMessage(), null);
            return;
        }
        if (count == trees.length) {
            trees = Arrays.copyOf(trees, count * 2);
            defs = Arrays.copyOf(defs, count * 2);
            ids = Arrays.copyOf(ids, count * 2);
        }
        trees[count] = tree;
        defs[count] = inv;
        ids[count] = id;
        count++;
    }

    /** Ticks every running tree once; a finished tree queues its done.invoke event and stops. */
    public void tick() {
        for (int i = 0; i < count; i++) {
            Tree tree = trees[i];
            if (tree == null) {
                continue;
            }
            Status s;
            try {
                s = tree.tickOnce();
            } catch (RuntimeException e) {
                trees[i] = null;
                m.raiseError(Machine.ERROR_EXECUTION, "tree activity '" + ids[i] + "': " + e.getMessage(), null);
                continue;
            }
            if (s == Status.SUCCESS || s == Status.FAILURE) {
                trees[i] = null;
                Map<String, Object> data = new LinkedHashMap<>();
                data.put("status", s.name());
                String name = "done.invoke." + ids[i];
                m.external.add(name, m.chart.eventClass(name), MachineEvent.EXTERNAL, null, null, TYPE, ids[i], data);
            }
        }
    }

    /** Halts the trees of {@code state} (it is being exited). */
    public void haltFor(int state) {
        for (int i = count - 1; i >= 0; i--) {
            if (defs[i].state == state) {
                if (trees[i] != null) {
                    trees[i].haltTree();
                }
                remove(i);
            }
        }
    }

    public void haltAll() {
        for (int i = count - 1; i >= 0; i--) {
            if (trees[i] != null) {
                trees[i].haltTree();
            }
            remove(i);
        }
    }

    private void remove(int i) {
        System.arraycopy(trees, i + 1, trees, i, count - i - 1);
        System.arraycopy(defs, i + 1, defs, i, count - i - 1);
        System.arraycopy(ids, i + 1, ids, i, count - i - 1);
        count--;
        trees[count] = null;
        defs[count] = null;
        ids[count] = null;
    }
}

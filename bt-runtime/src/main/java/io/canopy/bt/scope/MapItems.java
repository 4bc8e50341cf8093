package io.canopy.bt.scope;

import io.canopy.bt.DecoratorNode;
import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Output;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;
import io.canopy.bt.Values;
import java.util.List;

/**
 * cark's {@code :map} (element {@code <Map>}): runs its child once per item of a sequence, binding each item
 * to {@code item} (and its position to {@code index}) before the run.
 *
 * <ul>
 *   <li>The sequence is taken when the node starts (cark: "determined when the :map node is :fresh"): a
 *       blackboard entry ({@code items="{waypoints}"}) holding a {@code List}, an array ({@code double[]},
 *       {@code long[]}, {@code String[]}, ...) or a string list, or a literal list ({@code items="a;b;c"},
 *       split once at load time). A string list is {@code ;}-separated, or the printed form of a list
 *       {@code [10, 20, 30]}; a string entry is split at each start (that allocates; store a list to avoid it).
 *   <li>Items keep their types: a list's numbers and booleans are bound as numbers and booleans, and a
 *       string list's items that read as integers, reals or booleans are bound as such ({@code 10;20;30}
 *       sums to 60, not "102030"). A sequence that mixes integers and reals binds all its numbers as reals,
 *       because a blackboard entry keeps the type of its first value.
 *   <li>Child SUCCESS: next item (same tick if the child had been RUNNING, else RUNNING plus a wake-up);
 *       after the last item SUCCESS. Child FAILURE: FAILURE. RUNNING: RUNNING. SKIPPED: SKIPPED.
 *   <li>An empty sequence: SUCCESS without ticking the child. A halt starts over at the first item.
 * </ul>
 */
public final class MapItems extends DecoratorNode {
    public static final NodeType TYPE = NodeType.decorator("Map", MapItems::new,
            Port.input("items", PortType.ANY).required().describe("a list, an array or a ;-list to loop over"),
            Port.output("item", PortType.ANY).required().describe("receives each item in turn"),
            Port.output("index", PortType.INT).describe("receives the position of the item (from 0)"))
            .describe("run the child for each item of a sequence, bound to a variable");

    private final Input items;
    private final Object[] literal;
    private final Output item;
    private final Output index;
    private Object sequence;
    private int size;
    private int position;
    private boolean started;
    /** The sequence mixes integers and reals: bind every number as a real (an entry keeps its first type). */
    private boolean realsOnly;
    private final DynamicExtent extent;

    public MapItems(NodeInit init) {
        super(init);
        items = init.input("items");
        String text = init.text("items");
        literal = text.startsWith("{") ? null : typed(split(text));
        item = init.output("item");
        index = init.optionalOutput("index");
        extent = new DynamicExtent(item.entry(), index == null ? null : index.entry());
    }

    /** Literal items as numbers or booleans where they read as such (BT.CPP's literal conversion). */
    private static Object[] typed(String[] parts) {
        Object[] out = new Object[parts.length];
        for (int i = 0; i < parts.length; i++) {
            out[i] = Values.literal(parts[i]);
        }
        return out;
    }

    private static String[] split(String text) {
        String t = text.trim();
        String sep = ";";
        if (t.length() >= 2 && t.charAt(0) == '[' && t.charAt(t.length() - 1) == ']' && t.indexOf(';') < 0) {
            t = t.substring(1, t.length() - 1);
            sep = ",";
        }
        if (t.isBlank()) {
            return new String[0];
        }
        String[] parts = t.split(sep, -1);
        for (int i = 0; i < parts.length; i++) {
            parts[i] = parts[i].trim();
        }
        return parts;
    }

    @Override
    protected Status tick() {
        if (!started) {
            sequence = literal != null ? literal : items.getObject();
            if (sequence instanceof String s) {
                sequence = typed(split(s));
            }
            size = sizeOf(sequence);
            realsOnly = mixesIntegersAndReals(sequence, size);
            position = 0;
            started = true;
        }
        while (position < size) {
            Status before = child.status();
            if (before != Status.RUNNING) {
                bind(position);
            }
            Status s = child.executeTick();
            switch (s) {
                case RUNNING:
                    return s;
                case FAILURE:
                    finish();
                    return s;
                case SKIPPED:
                    resetChild();
                    extent.exit();
                    return s;
                case SUCCESS:
                    resetChild();
                    position++;
                    if (before == Status.IDLE && position < size) {
                        context.emitWakeUp();
                        return Status.RUNNING;
                    }
                    break;
                default:
                    throw idleReturned(child);
            }
        }
        finish();
        return Status.SUCCESS;
    }

    private void finish() {
        resetChild();
        extent.exit();
        started = false;
        sequence = null;
    }

    private static boolean mixesIntegersAndReals(Object seq, int size) {
        if (!(seq instanceof List<?>) && !(seq instanceof Object[])) {
            return false;
        }
        boolean integers = false;
        boolean reals = false;
        for (int i = 0; i < size; i++) {
            Object o = seq instanceof List<?> l ? l.get(i) : ((Object[]) seq)[i];
            if (o instanceof Double || o instanceof Float) {
                reals = true;
            } else if (o instanceof Number) {
                integers = true;
            }
        }
        return integers && reals;
    }

    private int sizeOf(Object seq) {
        if (seq instanceof List<?> l) {
            return l.size();
        }
        if (seq instanceof Object[] a) {
            return a.length;
        }
        if (seq instanceof double[] a) {
            return a.length;
        }
        if (seq instanceof long[] a) {
            return a.length;
        }
        if (seq instanceof int[] a) {
            return a.length;
        }
        if (seq instanceof boolean[] a) {
            return a.length;
        }
        throw new IllegalStateException("Map '" + name() + "': port 'items' holds " + (seq == null ? "nothing"
                : seq.getClass().getSimpleName()) + ", not a list; store a List, an array or a ;-separated string");
    }

    private void bind(int i) {
        extent.enter();
        Object seq = sequence;
        if (index != null) {
            index.setLong(i);
        }
        if (seq instanceof double[] a) {
            item.setDouble(a[i]);
        } else if (seq instanceof long[] a) {
            item.setLong(a[i]);
        } else if (seq instanceof int[] a) {
            item.setLong(a[i]);
        } else if (seq instanceof boolean[] a) {
            item.setBoolean(a[i]);
        } else {
            Object o = seq instanceof List<?> l ? l.get(i) : ((Object[]) seq)[i];
            if (!realsOnly && (o instanceof Long || o instanceof Integer || o instanceof Short || o instanceof Byte)) {
                item.setLong(((Number) o).longValue());
            } else if (o instanceof Number n) {
                item.setDouble(n.doubleValue());
            } else if (o instanceof Boolean b) {
                item.setBoolean(b);
            } else {
                item.setObject(o);
            }
        }
    }

    @Override
    protected void halt() {
        started = false;
        sequence = null;
        super.halt();
        extent.exit();
    }
}

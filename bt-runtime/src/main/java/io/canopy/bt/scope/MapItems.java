package io.canopy.bt.scope;

import io.canopy.bt.DecoratorNode;
import io.canopy.bt.Input;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeType;
import io.canopy.bt.Output;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Status;
import java.util.List;

/**
 * cark's {@code :map} (element {@code <Map>}): runs its child once per item of a sequence, binding each item
 * to {@code item} (and its position to {@code index}) before the run.
 *
 * <ul>
 *   <li>The sequence is taken when the node starts: a blackboard entry ({@code items="{waypoints}"}) holding
 *       a {@code List}, an array ({@code double[]}, {@code long[]}, {@code String[]}, ...) or a {@code ;}-list
 *       string, or a literal {@code ;}-list ({@code items="a;b;c"}, split once at load time; items that read as integers,
 *       reals or booleans are bound as such). A string entry
 *       is split at each start (that allocates; store a list to avoid it).
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

    public MapItems(NodeInit init) {
        super(init);
        items = init.input("items");
        String text = init.text("items");
        literal = text.startsWith("{") ? null : typed(split(text));
        item = init.output("item");
        index = init.optionalOutput("index");
    }

    /** Literal items as numbers or booleans where they read as such (BT.CPP's literal conversion). */
    private static Object[] typed(String[] parts) {
        Object[] out = new Object[parts.length];
        for (int i = 0; i < parts.length; i++) {
            String p = parts[i];
            Object v = p;
            if (p.equals("true") || p.equals("false")) {
                v = Boolean.valueOf(p);
            } else {
                try {
                    v = Long.valueOf(p);
                } catch (NumberFormatException e) {
                    try {
                        v = Double.valueOf(p);
                    } catch (NumberFormatException e2) {
                        v = p;
                    }
                }
            }
            out[i] = v;
        }
        return out;
    }

    private static String[] split(String text) {
        if (text.isBlank()) {
            return new String[0];
        }
        String[] parts = text.split(";", -1);
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
                sequence = split(s);
            }
            size = sizeOf(sequence);
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
        started = false;
        sequence = null;
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
            if (o instanceof Long || o instanceof Integer || o instanceof Short || o instanceof Byte) {
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
    }
}

package io.canopy.bt;

import io.canopy.InputException;
import io.canopy.expr.ValueKind;
import java.util.List;
import java.util.function.Supplier;

/**
 * An input port resolved when the tree was built: a blackboard entry or a literal held in a detached entry.
 * Reading it is a field access when the entry holds the requested type; other types are converted as in
 * BT.CPP (a string entry is parsed; an integral real is read as an integer).
 */
public final class Input {
    private final Entry entry;
    private final String port;
    private final String owner;

    Input(Entry entry, String port, String owner) {
        this.entry = entry;
        this.port = port;
        this.owner = owner;
    }

    public long getLong() {
        Entry e = entry;
        if (e.kind == ValueKind.LONG) {
            return e.l;
        }
        try {
            return e.longValue();
        } catch (InputException ex) {
            throw wrap(ex);
        }
    }

    public int getInt() {
        return (int) getLong();
    }

    public double getDouble() {
        Entry e = entry;
        if (e.kind == ValueKind.DOUBLE) {
            return e.d;
        }
        try {
            return e.doubleValue();
        } catch (InputException ex) {
            throw wrap(ex);
        }
    }

    public boolean getBoolean() {
        Entry e = entry;
        if (e.kind == ValueKind.BOOLEAN) {
            return e.l != 0;
        }
        try {
            return e.booleanValue();
        } catch (InputException ex) {
            throw wrap(ex);
        }
    }

    public String getString() {
        Entry e = entry;
        if (e.kind == ValueKind.STRING) {
            return (String) e.o;
        }
        try {
            return e.stringValue();
        } catch (InputException ex) {
            throw wrap(ex);
        }
    }

    /** The value as an object (boxed for primitives: not for the tick path). */
    public Object getObject() {
        if (entry.kind == ValueKind.EMPTY) {
            throw missing();
        }
        return entry.objectValue();
    }

    public <E extends Enum<E>> E getEnum(Class<E> type) {
        Entry e = entry;
        if (e.kind == ValueKind.OBJECT && type.isInstance(e.o)) {
            return type.cast(e.o);
        }
        if (e.kind == ValueKind.STRING) {
            try {
                return Values.parseEnum(type, (String) e.o);
            } catch (IllegalArgumentException ex) {
                throw new InputException(prefix() + ex.getMessage());
            }
        }
        long ordinal = getLong();
        E[] all = type.getEnumConstants();
        if (ordinal < 0 || ordinal >= all.length) {
            throw new InputException(prefix() + ordinal + " is not an ordinal of " + type.getSimpleName());
        }
        return all[(int) ordinal];
    }

    /** A {@code ;}-list port as reals (a literal was parsed at load time; a string entry is parsed now). */
    public double[] getDoubles() {
        Object v = listValue();
        if (v instanceof double[] a) {
            return a;
        }
        if (v instanceof long[] a) {
            double[] out = new double[a.length];
            for (int i = 0; i < a.length; i++) {
                out[i] = a[i];
            }
            return out;
        }
        if (v instanceof List<?> list) {
            double[] out = new double[list.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = ((Number) list.get(i)).doubleValue();
            }
            return out;
        }
        return parse(() -> Values.parseDoubleList((String) v));
    }

    public long[] getLongs() {
        Object v = listValue();
        if (v instanceof long[] a) {
            return a;
        }
        if (v instanceof List<?> list) {
            long[] out = new long[list.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = ((Number) list.get(i)).longValue();
            }
            return out;
        }
        return parse(() -> Values.parseLongList(String.valueOf(v)));
    }

    public boolean[] getBooleans() {
        Object v = listValue();
        if (v instanceof boolean[] a) {
            return a;
        }
        return parse(() -> Values.parseBooleanList(String.valueOf(v)));
    }

    public String[] getStrings() {
        Object v = listValue();
        if (v instanceof String[] a) {
            return a;
        }
        if (v instanceof List<?> list) {
            String[] out = new String[list.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = String.valueOf(list.get(i));
            }
            return out;
        }
        return parse(() -> Values.parseStringList(String.valueOf(v)));
    }

    private Object listValue() {
        Entry e = entry;
        if (e.kind == ValueKind.EMPTY) {
            throw missing();
        }
        return e.kind == ValueKind.OBJECT || e.kind == ValueKind.STRING ? e.o : e.stringValue();
    }

    private <T> T parse(Supplier<T> parser) {
        try {
            return parser.get();
        } catch (IllegalArgumentException ex) {
            throw new InputException(prefix() + ex.getMessage());
        }
    }

    /** True when the entry holds a value. */
    public boolean hasValue() {
        return entry.kind != ValueKind.EMPTY;
    }

    /** The entry behind this port (a detached one for a literal). */
    public Entry entry() {
        return entry;
    }

    private InputException missing() {
        return new InputException(prefix() + "entry '" + entry.name() + "' has no value; write it before '"
                + owner + "' runs");
    }

    private InputException wrap(InputException ex) {
        if (entry.kind == ValueKind.EMPTY) {
            return missing();
        }
        return new InputException(prefix() + ex.getMessage(), ex);
    }

    private String prefix() {
        return "port '" + port + "': ";
    }
}

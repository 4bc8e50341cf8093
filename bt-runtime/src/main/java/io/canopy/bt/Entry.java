package io.canopy.bt;

import io.canopy.InputException;
import io.canopy.expr.ValueKind;
import io.canopy.expr.Variable;

/**
 * One typed blackboard entry. Primitives are held unboxed, so ports and compiled scripts read and write it
 * with a field access. Typing follows BehaviorTree.CPP: the first write (or the port that created the entry)
 * fixes the type; later writes of another type are rejected, except the safe ones (an integral real into an
 * integer, 0/1 into a boolean, a parsable string into a number). Every write increments {@link #sequence()}.
 */
public final class Entry implements Variable {

    private final String name;
    /** Type fixed at creation by a port (restored by {@link #clear()}); null = any. */
    private final ValueKind declared;
    /** The current type; null = not typed yet. */
    ValueKind type;
    Class<?> objectType;
    ValueKind kind = ValueKind.EMPTY;
    long l;
    double d;
    Object o;
    long sequence;
    /** A port was bound to this entry when a tree was built: it exists (for {@code x = v}) while empty. */
    boolean boundByPort;

    Entry(String name, ValueKind declared) {
        this.name = name;
        this.declared = declared;
        this.type = declared;
    }

    /** A detached entry holding a literal port value. */
    static Entry constant(String name, Object value) {
        Entry e = new Entry(name, null);
        e.setObject(value);
        return e;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ValueKind kind() {
        return kind;
    }

    /** The type this entry is locked to, or null while untyped. */
    public ValueKind type() {
        return type;
    }

    /** How many times this entry was written. */
    public long sequence() {
        return sequence;
    }

    /**
     * As in BehaviorTree.CPP, an entry exists once a value was written or a port was bound to it (the
     * factory creates the entry then), until {@code UnsetBlackboard} removes it; a script's {@code x = v}
     * needs an existing entry, {@code x := v} creates one.
     */
    @Override
    public boolean exists() {
        return kind != ValueKind.EMPTY || boundByPort;
    }

    public boolean hasValue() {
        return kind != ValueKind.EMPTY;
    }

    @Override
    public boolean booleanValue() {
        switch (kind) {
            case BOOLEAN:
            case LONG:
                return l != 0;
            case DOUBLE:
                return d != 0;
            case STRING:
                try {
                    return Values.parseBoolean((String) o);
                } catch (IllegalArgumentException e) {
                    throw conversion("a boolean", e);
                }
            default:
                throw notReadable("a boolean");
        }
    }

    @Override
    public long longValue() {
        switch (kind) {
            case BOOLEAN:
            case LONG:
                return l;
            case DOUBLE:
                return (long) d;
            case STRING:
                try {
                    return Values.parseLong((String) o);
                } catch (IllegalArgumentException e) {
                    try {
                        return (long) Values.parseDouble((String) o);
                    } catch (IllegalArgumentException e2) {
                        throw conversion("an integer", e);
                    }
                }
            case OBJECT:
                if (o instanceof Enum<?> en) {
                    return en.ordinal();
                }
                throw notReadable("an integer");
            default:
                throw notReadable("an integer");
        }
    }

    @Override
    public double doubleValue() {
        switch (kind) {
            case DOUBLE:
                return d;
            case BOOLEAN:
            case LONG:
                return l;
            case STRING:
                try {
                    return Values.parseDouble((String) o);
                } catch (IllegalArgumentException e) {
                    throw conversion("a number", e);
                }
            default:
                throw notReadable("a number");
        }
    }

    @Override
    public Object objectValue() {
        return switch (kind) {
            case EMPTY -> null;
            case BOOLEAN -> l != 0;
            case LONG -> l;
            case DOUBLE -> d;
            default -> o;
        };
    }

    /** The value as text: numbers as BT.CPP prints them, booleans as true/false. */
    public String stringValue() {
        return switch (kind) {
            case STRING -> (String) o;
            case LONG -> Long.toString(l);
            case DOUBLE -> Double.toString(d);
            case BOOLEAN -> l != 0 ? "true" : "false";
            case OBJECT -> String.valueOf(o);
            case EMPTY -> throw notReadable("a string");
        };
    }

    @Override
    public void setBoolean(boolean value) {
        ValueKind t = writableType();
        if (t == ValueKind.BOOLEAN || t == null) {
            store(ValueKind.BOOLEAN, value ? 1 : 0);
        } else if (t == ValueKind.LONG) {
            store(ValueKind.LONG, value ? 1 : 0);
        } else if (t == ValueKind.DOUBLE) {
            storeDouble(value ? 1 : 0);
        } else {
            throw typeChange(Boolean.toString(value));
        }
    }

    @Override
    public void setLong(long value) {
        ValueKind t = writableType();
        if (t == ValueKind.LONG || t == null) {
            store(ValueKind.LONG, value);
        } else if (t == ValueKind.DOUBLE) {
            storeDouble(value);
        } else if (t == ValueKind.BOOLEAN && (value == 0 || value == 1)) {
            store(ValueKind.BOOLEAN, value);
        } else {
            throw typeChange(Long.toString(value));
        }
    }

    @Override
    public void setDouble(double value) {
        ValueKind t = writableType();
        if (t == ValueKind.DOUBLE || t == null) {
            storeDouble(value);
        } else if (t == ValueKind.LONG && value == Math.rint(value) && !Double.isInfinite(value)) {
            store(ValueKind.LONG, (long) value);
        } else if (t == ValueKind.BOOLEAN && (value == 0 || value == 1)) {
            store(ValueKind.BOOLEAN, (long) value);
        } else {
            throw typeChange(Double.toString(value));
        }
    }

    @Override
    public void setObject(Object value) {
        if (value == null) {
            clear();
            return;
        }
        ValueKind t = writableType();
        if (value instanceof String s) {
            if (t == null || t == ValueKind.STRING) {
                storeObject(ValueKind.STRING, s);
                return;
            }
            if (t == ValueKind.OBJECT) {
                storeObject(ValueKind.STRING, s);
                return;
            }
            try {
                switch (t) {
                    case LONG -> store(ValueKind.LONG, Values.parseLong(s));
                    case DOUBLE -> storeDouble(Values.parseDouble(s));
                    case BOOLEAN -> store(ValueKind.BOOLEAN, Values.parseBoolean(s) ? 1 : 0);
                    default -> throw typeChange("\"" + s + "\"");
                }
            } catch (IllegalArgumentException e) {
                throw typeChange("\"" + s + "\"");
            }
            return;
        }
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            setLong(((Number) value).longValue());
        } else if (value instanceof Double || value instanceof Float) {
            setDouble(((Number) value).doubleValue());
        } else if (value instanceof Boolean b) {
            setBoolean(b);
        } else if (t == null) {
            objectType = value.getClass();
            storeObject(ValueKind.OBJECT, value);
        } else if (t == ValueKind.OBJECT && (objectType == null || objectType.isInstance(value))) {
            storeObject(ValueKind.OBJECT, value);
        } else {
            throw typeChange(value.getClass().getSimpleName() + " " + value);
        }
    }

    /**
     * The type a write must match: none while the entry is empty (as BT.CPP, an empty entry takes the first
     * value whatever type a port declared for it), then the type of the value it holds.
     */
    private ValueKind writableType() {
        if (kind == ValueKind.EMPTY && type != null) {
            type = null;
            objectType = null;
        }
        return type;
    }

    @Override
    public void clear() {
        kind = ValueKind.EMPTY;
        type = declared;
        objectType = null;
        o = null;
        sequence++;
    }

    private void store(ValueKind k, long value) {
        if (type == null) {
            type = k;
        }
        if (kind != k) {
            kind = k;
        }
        l = value;
        sequence++;
    }

    private void storeDouble(double value) {
        if (type == null) {
            type = ValueKind.DOUBLE;
        }
        if (kind != ValueKind.DOUBLE) {
            kind = ValueKind.DOUBLE;
        }
        d = value;
        sequence++;
    }

    private void storeObject(ValueKind k, Object value) {
        if (type == null) {
            type = k;
        }
        if (kind != k) {
            kind = k;
        }
        o = value;
        sequence++;
    }

    private InputException typeChange(String offered) {
        return new InputException("blackboard entry '" + name + "' holds " + typeName(type) + "; cannot store "
                + offered + " in it (an entry keeps the type of its first value: use another key)");
    }

    private InputException notReadable(String wanted) {
        if (kind == ValueKind.EMPTY) {
            return new InputException("blackboard entry '" + name + "' has no value; write it (for example with "
                    + "a Script '" + name + " := ...') before it is read");
        }
        return new InputException("blackboard entry '" + name + "' holds " + typeName(kind) + ", not " + wanted);
    }

    private InputException conversion(String wanted, IllegalArgumentException e) {
        return new InputException("blackboard entry '" + name + "': " + e.getMessage() + ", expected " + wanted);
    }

    static String typeName(ValueKind k) {
        if (k == null) {
            return "any type";
        }
        return switch (k) {
            case BOOLEAN -> "a boolean";
            case LONG -> "an integer";
            case DOUBLE -> "a real number";
            case STRING -> "a string";
            case OBJECT -> "an object";
            case EMPTY -> "nothing";
        };
    }

    @Override
    public String toString() {
        return name + "=" + (kind == ValueKind.EMPTY ? "<empty>" : stringValue());
    }
}

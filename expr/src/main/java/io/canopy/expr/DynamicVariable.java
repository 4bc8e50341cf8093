package io.canopy.expr;

/**
 * A dynamically typed {@link Variable}: it takes a value of any kind and changes kind on assignment. Used by
 * {@link MapScope}; usable on its own for loop variables or an SCXML datamodel.
 */
public final class DynamicVariable implements Variable {
    private final String name;
    private ValueKind kind = ValueKind.EMPTY;
    private boolean declared;
    private boolean bool;
    private long lng;
    private double dbl;
    private Object obj;

    public DynamicVariable(String name) {
        this.name = name;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ValueKind kind() {
        return kind;
    }

    /** True once declared or assigned, even if emptied again by {@link #clear()}. */
    @Override
    public boolean exists() {
        return declared;
    }

    /** Marks the variable as existing without a value (an SCXML {@code <data id="x"/>}). */
    public void declare() {
        declared = true;
    }

    @Override
    public boolean booleanValue() {
        switch (kind) {
            case BOOLEAN: return bool;
            case LONG: return lng != 0;
            case DOUBLE: return dbl != 0;
            default: throw new IllegalStateException("'" + name + "' holds " + kind + ", not a boolean");
        }
    }

    @Override
    public long longValue() {
        switch (kind) {
            case LONG: return lng;
            case DOUBLE: return (long) dbl;
            case BOOLEAN: return bool ? 1 : 0;
            default: throw new IllegalStateException("'" + name + "' holds " + kind + ", not a number");
        }
    }

    @Override
    public double doubleValue() {
        switch (kind) {
            case DOUBLE: return dbl;
            case LONG: return lng;
            case BOOLEAN: return bool ? 1 : 0;
            default: throw new IllegalStateException("'" + name + "' holds " + kind + ", not a number");
        }
    }

    @Override
    public Object objectValue() {
        switch (kind) {
            case STRING:
            case OBJECT: return obj;
            case BOOLEAN: return bool;
            case LONG: return lng;
            case DOUBLE: return dbl;
            default: return null;
        }
    }

    @Override
    public void setBoolean(boolean value) {
        kind = ValueKind.BOOLEAN;
        bool = value;
        obj = null;
        declared = true;
    }

    @Override
    public void setLong(long value) {
        kind = ValueKind.LONG;
        lng = value;
        obj = null;
        declared = true;
    }

    @Override
    public void setDouble(double value) {
        kind = ValueKind.DOUBLE;
        dbl = value;
        obj = null;
        declared = true;
    }

    @Override
    public void setObject(Object value) {
        if (value == null) {
            clear();
            declared = true;
            return;
        }
        kind = value instanceof String ? ValueKind.STRING : ValueKind.OBJECT;
        obj = value;
        declared = true;
    }

    /**
     * Sets any Java value with its natural kind: Boolean, Integer/Long/Short/Byte as LONG, other Numbers as
     * DOUBLE, null empties the variable (it stays declared).
     */
    public void setValue(Object value) {
        if (value instanceof Boolean) {
            setBoolean((Boolean) value);
        } else if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            setLong(((Number) value).longValue());
        } else if (value instanceof Number) {
            setDouble(((Number) value).doubleValue());
        } else {
            setObject(value);
        }
    }

    @Override
    public void clear() {
        kind = ValueKind.EMPTY;
        obj = null;
    }

    @Override
    public String toString() {
        return name + "=" + (kind == ValueKind.EMPTY ? (declared ? "undefined" : "<undeclared>") : String.valueOf(objectValue()));
    }
}

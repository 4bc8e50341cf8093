package io.canopy.statemachine;

import io.canopy.expr.ValueKind;
import io.canopy.expr.Variable;

/**
 * One datamodel item of one machine instance: dynamically typed (ECMAScript-like), primitives unboxed.
 * System variables ({@code _event}, {@code _sessionid}, {@code _name}, {@code _ioprocessors}) are read-only:
 * writing one throws, which the machine turns into {@code error.execution}.
 */
public final class DataCell implements Variable {
    private final String name;
    private final boolean readOnly;
    private ValueKind kind = ValueKind.EMPTY;
    private boolean z;
    private long j;
    private double d;
    private Object o;

    public DataCell(String name, boolean readOnly) {
        this.name = name;
        this.readOnly = readOnly;
    }

    @Override
    public String name() {
        return name;
    }

    /** A declared data item exists even without a value (ECMAScript reads it as undefined). */
    public boolean exists() {
        return true;
    }

    @Override
    public ValueKind kind() {
        return kind;
    }

    @Override
    public boolean booleanValue() {
        switch (kind) {
            case BOOLEAN:
                return z;
            case LONG:
                return j != 0;
            case DOUBLE:
                return d != 0 && !Double.isNaN(d);
            case STRING:
                return !((String) o).isEmpty();
            case OBJECT:
                return true;
            default:
                return false;
        }
    }

    @Override
    public long longValue() {
        switch (kind) {
            case LONG:
                return j;
            case DOUBLE:
                return (long) d;
            case BOOLEAN:
                return z ? 1 : 0;
            default:
                throw new IllegalStateException("variable '" + name + "' holds " + describe() + ", not a number");
        }
    }

    @Override
    public double doubleValue() {
        switch (kind) {
            case LONG:
                return j;
            case DOUBLE:
                return d;
            case BOOLEAN:
                return z ? 1 : 0;
            default:
                throw new IllegalStateException("variable '" + name + "' holds " + describe() + ", not a number");
        }
    }

    @Override
    public Object objectValue() {
        switch (kind) {
            case BOOLEAN:
                return z;
            case LONG:
                return j;
            case DOUBLE:
                return d;
            case EMPTY:
                return null;
            default:
                return o;
        }
    }

    private String describe() {
        return kind == ValueKind.EMPTY ? "undefined" : kind + " " + objectValue();
    }

    private void check() {
        if (readOnly) {
            throw new IllegalStateException("'" + name + "' is a read-only system variable");
        }
    }

    @Override
    public void setBoolean(boolean value) {
        check();
        kind = ValueKind.BOOLEAN;
        z = value;
        o = null;
    }

    @Override
    public void setLong(long value) {
        check();
        kind = ValueKind.LONG;
        j = value;
        o = null;
    }

    @Override
    public void setDouble(double value) {
        check();
        kind = ValueKind.DOUBLE;
        d = value;
        o = null;
    }

    @Override
    public void setObject(Object value) {
        check();
        force(value);
    }

    /** Sets any Java value, unboxing numbers and booleans; bypasses the read-only check (system use). */
    public void force(Object value) {
        if (value == null) {
            kind = ValueKind.EMPTY;
            o = null;
        } else if (value instanceof Boolean) {
            kind = ValueKind.BOOLEAN;
            z = (Boolean) value;
            o = null;
        } else if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            kind = ValueKind.LONG;
            j = ((Number) value).longValue();
            o = null;
        } else if (value instanceof Number) {
            kind = ValueKind.DOUBLE;
            d = ((Number) value).doubleValue();
            o = null;
        } else if (value instanceof String) {
            kind = ValueKind.STRING;
            o = value;
        } else {
            kind = ValueKind.OBJECT;
            o = value;
        }
    }

    /** Binds {@code _event} to the machine's event object (a no-op once bound). */
    void bindEvent(MachineEvent event) {
        if (o != event) {
            kind = ValueKind.OBJECT;
            o = event;
        }
    }

    @Override
    public void clear() {
        check();
        kind = ValueKind.EMPTY;
        o = null;
    }

    @Override
    public String toString() {
        return name + "=" + describe();
    }
}

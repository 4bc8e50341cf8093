package io.canopy.bt.scope;

import io.canopy.expr.ValueKind;
import io.canopy.expr.Variable;

/** A preallocated copy of one variable's value, to restore it later without boxing. */
final class Saved {
    private ValueKind kind = ValueKind.EMPTY;
    private long l;
    private double d;
    private boolean b;
    private Object o;

    void save(Variable v) {
        kind = v.kind();
        switch (kind) {
            case LONG -> l = v.longValue();
            case DOUBLE -> d = v.doubleValue();
            case BOOLEAN -> b = v.booleanValue();
            case STRING, OBJECT -> o = v.objectValue();
            default -> { }
        }
    }

    void restore(Variable v) {
        switch (kind) {
            case LONG -> v.setLong(l);
            case DOUBLE -> v.setDouble(d);
            case BOOLEAN -> v.setBoolean(b);
            case STRING, OBJECT -> v.setObject(o);
            default -> v.clear();
        }
        o = null;
    }
}

package io.canopy.bt;

import io.canopy.expr.ValueKind;

/** An output port resolved to its blackboard entry when the tree was built; writes are field stores. */
public final class Output {
    private final Entry entry;

    Output(Entry entry) {
        this.entry = entry;
    }

    public void setLong(long value) {
        Entry e = entry;
        if (e.type == ValueKind.LONG) {
            e.l = value;
            if (e.kind != ValueKind.LONG) {
                e.kind = ValueKind.LONG;
            }
            e.sequence++;
        } else {
            e.setLong(value);
        }
    }

    public void setDouble(double value) {
        Entry e = entry;
        if (e.type == ValueKind.DOUBLE) {
            e.d = value;
            if (e.kind != ValueKind.DOUBLE) {
                e.kind = ValueKind.DOUBLE;
            }
            e.sequence++;
        } else {
            e.setDouble(value);
        }
    }

    public void setBoolean(boolean value) {
        entry.setBoolean(value);
    }

    public void setString(String value) {
        entry.setObject(value);
    }

    /** Any value: a String, a boxed number or boolean, or another object. */
    public void setObject(Object value) {
        entry.setObject(value);
    }

    public void clear() {
        entry.clear();
    }

    public Entry entry() {
        return entry;
    }
}

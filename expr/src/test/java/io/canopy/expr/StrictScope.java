package io.canopy.expr;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A test stand-in for the BehaviorTree.CPP blackboard: an entry takes the type of its first value and then
 * refuses values of another type (numbers convert between integer, real and boolean only when lossless).
 */
final class StrictScope implements Scope {
    final Map<String, Entry> entries = new LinkedHashMap<>();
    final Map<String, Object> enums = new LinkedHashMap<>();

    @Override
    public Entry variable(String name) {
        return entries.computeIfAbsent(name, Entry::new);
    }

    @Override
    public Object constant(String name) {
        return enums.get(name);
    }

    StrictScope set(String name, Object value) {
        Entry e = variable(name);
        if (value instanceof Boolean) {
            e.setBoolean((Boolean) value);
        } else if (value instanceof Integer || value instanceof Long) {
            e.setLong(((Number) value).longValue());
        } else if (value instanceof Double) {
            e.setDouble((Double) value);
        } else {
            e.setObject(value);
        }
        return this;
    }

    Object get(String name) {
        Entry e = entries.get(name);
        return e == null ? null : e.objectValue();
    }

    static final class Entry implements Variable {
        private final String name;
        private ValueKind kind = ValueKind.EMPTY;
        private boolean b;
        private long l;
        private double d;
        private Object o;

        Entry(String name) {
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

        @Override
        public boolean booleanValue() {
            return b;
        }

        @Override
        public long longValue() {
            return l;
        }

        @Override
        public double doubleValue() {
            return kind == ValueKind.LONG ? l : d;
        }

        @Override
        public Object objectValue() {
            switch (kind) {
                case BOOLEAN: return b;
                case LONG: return l;
                case DOUBLE: return d;
                default: return o;
            }
        }

        private void check(ValueKind offered) {
            if (kind != ValueKind.EMPTY && kind != offered) {
                throw new IllegalArgumentException("entry '" + name + "' has type " + kind + ", cannot store a " + offered);
            }
        }

        @Override
        public void setBoolean(boolean value) {
            check(ValueKind.BOOLEAN);
            kind = ValueKind.BOOLEAN;
            b = value;
        }

        @Override
        public void setLong(long value) {
            if (kind == ValueKind.DOUBLE) {
                d = value;
                return;
            }
            check(ValueKind.LONG);
            kind = ValueKind.LONG;
            l = value;
        }

        @Override
        public void setDouble(double value) {
            check(ValueKind.DOUBLE);
            kind = ValueKind.DOUBLE;
            d = value;
        }

        @Override
        public void setObject(Object value) {
            ValueKind k = value instanceof String ? ValueKind.STRING : ValueKind.OBJECT;
            check(k);
            kind = k;
            o = value;
        }

        @Override
        public void clear() {
            kind = ValueKind.EMPTY;
            o = null;
        }
    }
}

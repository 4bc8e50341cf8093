package io.canopy.bt.scope;

import io.canopy.bt.Entry;
import io.canopy.expr.Expressions;
import io.canopy.expr.ValueKind;
import io.canopy.expr.Variable;
import java.lang.reflect.Array;
import java.util.Collection;
import java.util.Map;

/**
 * cark's truthiness, for a value read from the tree context: false for no value, {@code false}, the number 0
 * (and NaN), the empty string, an empty collection, map or array, and the strings {@code "false"} and
 * {@code "0"} (how an untyped BehaviorTree.CPP blackboard spells false and zero, for example a {@code
 * SetBlackboard value="false"}); true for anything else ({@code 2}, {@code -1}, {@code "abc"}, a list with
 * items). Used by Predicate, RepeatWhile's {@code while} and the events' {@code pick}.
 */
public final class Truthiness {
    private Truthiness() {}

    /** The truthiness of what {@code v} holds. Reads primitives without boxing. */
    public static boolean of(Variable v) {
        ValueKind k = v.kind();
        return switch (k) {
            case EMPTY -> false;
            case BOOLEAN -> v.booleanValue();
            case LONG -> v.longValue() != 0;
            case DOUBLE -> {
                double d = v.doubleValue();
                yield d != 0 && !Double.isNaN(d);
            }
            default -> of(v.objectValue());
        };
    }

    /** The truthiness of an object value (null is false). */
    public static boolean of(Object o) {
        if (o == null || o == Expressions.NULL || o == Expressions.UNDEFINED) {
            return false;
        }
        if (o instanceof Boolean b) {
            return b;
        }
        if (o instanceof Number n) {
            double d = n.doubleValue();
            return d != 0 && !Double.isNaN(d);
        }
        if (o instanceof CharSequence cs) {
            return !(cs.length() == 0 || eq(cs, "0") || eqIgnoreCase(cs, "false"));
        }
        if (o instanceof Collection<?> c) {
            return !c.isEmpty();
        }
        if (o instanceof Map<?, ?> m) {
            return !m.isEmpty();
        }
        if (o.getClass().isArray()) {
            return Array.getLength(o) > 0;
        }
        return true;
    }

    private static boolean eq(CharSequence cs, String s) {
        return cs.length() == s.length() && cs.toString().equals(s);
    }

    private static boolean eqIgnoreCase(CharSequence cs, String s) {
        return cs.length() == s.length() && cs.toString().equalsIgnoreCase(s);
    }

    /** A write-only cell a script's value is stored into (as an assignment would), to judge its truthiness. */
    static final class Sink implements Variable {
        private boolean truth;

        boolean truth() {
            return truth;
        }

        @Override
        public String name() {
            return "the condition";
        }

        @Override
        public ValueKind kind() {
            return ValueKind.EMPTY;
        }

        @Override
        public boolean booleanValue() {
            return truth;
        }

        @Override
        public long longValue() {
            return truth ? 1 : 0;
        }

        @Override
        public double doubleValue() {
            return truth ? 1 : 0;
        }

        @Override
        public Object objectValue() {
            return truth;
        }

        @Override
        public void setBoolean(boolean value) {
            truth = value;
        }

        @Override
        public void setLong(long value) {
            truth = value != 0;
        }

        @Override
        public void setDouble(double value) {
            truth = value != 0 && !Double.isNaN(value);
        }

        @Override
        public void setObject(Object value) {
            truth = of(value);
        }

        @Override
        public void clear() {
            truth = false;
        }
    }

    /** Entry-typed convenience (an {@link Entry} is a {@link Variable}). */
    public static boolean of(Entry e) {
        return of((Variable) e);
    }
}

package io.canopy.statemachine.ecma;

import io.canopy.expr.Expressions;
import io.canopy.statemachine.DataCell;
import java.util.List;
import java.util.Map;
import org.mozilla.javascript.Context;
import org.mozilla.javascript.Scriptable;
import org.mozilla.javascript.Undefined;

/**
 * Values crossing between the datamodel cells (Java: Long, Double, String, Boolean, maps and lists, the
 * {@link Expressions#NULL} sentinel) and Rhino (numbers, strings, Scriptable objects, undefined and null).
 * Maps and lists become native ECMAScript objects and arrays (deep copies made once); no Java object is ever
 * handed to a script as a reflective wrapper.
 */
final class JsValues {
    private JsValues() {}

    /** A cell's value as ECMAScript sees it ({@code scope} makes objects and arrays). */
    static Object toJs(Object v, Context cx, Scriptable scope) {
        if (v == null || v == Expressions.UNDEFINED) {
            return Undefined.instance;
        }
        if (v == Expressions.NULL) {
            return null;
        }
        if (v instanceof String || v instanceof Boolean || v instanceof Scriptable || v instanceof Double) {
            return v;
        }
        if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            long j = ((Number) v).longValue();
            return j == (int) j ? Integer.valueOf((int) j) : Double.valueOf(j);
        }
        if (v instanceof Number) {
            return ((Number) v).doubleValue();
        }
        if (v instanceof CharSequence) {
            return v.toString();
        }
        if (v instanceof Map) {
            Scriptable o = cx.newObject(scope);
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                o.put(String.valueOf(e.getKey()), o, toJs(e.getValue(), cx, scope));
            }
            return o;
        }
        if (v instanceof List) {
            List<?> list = (List<?>) v;
            Object[] items = new Object[list.size()];
            for (int i = 0; i < items.length; i++) {
                items[i] = toJs(list.get(i), cx, scope);
            }
            return cx.newArray(scope, items);
        }
        if (v instanceof Object[]) {
            return toJs(List.of((Object[]) v), cx, scope);
        }
        return v.toString();
    }

    /**
     * A script's result as the rest of Canopy uses it: undefined is null, null is {@link Expressions#NULL},
     * whole numbers are Longs, other numbers Doubles, strings Strings; objects, arrays and functions stay
     * what they are (objects are {@code Map}s, arrays {@code List}s).
     */
    static Object fromJs(Object v) {
        if (v == null) {
            return Expressions.NULL;
        }
        if (v == Undefined.instance || v instanceof Undefined) {
            return null;
        }
        if (v instanceof Number) {
            return number(((Number) v).doubleValue(), v);
        }
        if (v instanceof CharSequence && !(v instanceof String)) {
            return v.toString();
        }
        return v;
    }

    private static Object number(double d, Object original) {
        if (original instanceof Long) {
            return original;
        }
        if (d == Math.rint(d) && Math.abs(d) < 9.007199254740992E15 && !(d == 0 && 1 / d < 0)) {
            return (long) d;
        }
        return d;
    }

    /** Stores a script's value in a cell without boxing numbers. */
    static void store(DataCell cell, Object v) {
        if (v instanceof Number) {
            double d = ((Number) v).doubleValue();
            if (d == Math.rint(d) && Math.abs(d) < 9.007199254740992E15 && !(d == 0 && 1 / d < 0)) {
                cell.setLong((long) d);
            } else {
                cell.setDouble(d);
            }
        } else if (v instanceof Boolean) {
            cell.setBoolean((Boolean) v);
        } else {
            Object j = fromJs(v);
            if (j == null) {
                cell.clear();
            } else {
                cell.setObject(j);
            }
        }
    }
}

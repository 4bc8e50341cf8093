package io.canopy.expr.ast;

import io.canopy.expr.ExpressionException;
import io.canopy.expr.Expressions;
import io.canopy.expr.MemberAccess;
import io.canopy.expr.Ops;
import io.canopy.expr.Value;
import java.lang.reflect.Array;
import java.util.List;
import java.util.Map;

/**
 * Member access {@code obj.name} and {@code obj[key]} on maps, lists, arrays, strings ({@code length}) and
 * {@link MemberAccess} objects. A missing member is {@code undefined}; a member of undefined or null is an
 * error.
 */
public final class MemberNode extends ExprNode {
    public final ExprNode object;
    /** The member name for {@code obj.name}, null for {@code obj[key]}. */
    public final String name;
    /** The key expression for {@code obj[key]}, null for {@code obj.name}. */
    final ExprNode key;
    private final boolean ecma;
    private final Value target = new Value();
    private final Value keyValue = new Value();

    public MemberNode(ExprNode object, String name, ExprNode key, boolean ecma) {
        this.object = object;
        this.name = name;
        this.key = key;
        this.ecma = ecma;
    }

    @Override
    public void eval(Value out) {
        object.eval(target);
        if (key == null) {
            Ops.fromJava(read(target, name), out, ecma);
            return;
        }
        key.eval(keyValue);
        Object container = target.ref;
        if (ecma && target.kind == Value.STR && keyValue.isNumber()) {
            String s = target.str();
            double d = keyValue.num;
            if (d == (int) d && d >= 0 && d < s.length()) {
                out.setStr(String.valueOf(s.charAt((int) d)));
            } else {
                out.setUndefined();
            }
            return;
        }
        if (keyValue.isNumber() && target.kind == Value.OBJ && (container instanceof List || container.getClass().isArray())) {
            Ops.fromJava(index(container, keyValue.num), out, ecma);
            return;
        }
        Ops.fromJava(read(target, Ops.toStr(keyValue)), out, ecma);
    }

    /** Inline cache: the class of the last object read and how to read it (one of the ACCESS codes). */
    private Class<?> cachedClass;
    private int cachedAccess;

    private static final int ACCESS_MEMBERS = 0;
    private static final int ACCESS_MAP = 1;
    private static final int ACCESS_LIST = 2;
    private static final int ACCESS_ARRAY = 3;
    private static final int ACCESS_NONE = 4;

    private Object read(Value target, String member) {
        switch (target.kind) {
            case Value.UNDEFINED:
            case Value.NULL:
                throw new ExpressionException(null, "cannot read '" + member + "' of " + Ops.describe(target)).with(target);
            case Value.STR:
                return "length".equals(member) ? (Object) (long) target.str().length() : Expressions.UNDEFINED;
            case Value.OBJ:
                Object o = target.ref;
                Class<?> c = o.getClass();
                if (c != cachedClass) {
                    cachedAccess = accessOf(o);
                    cachedClass = c;
                }
                return readObject(o, cachedAccess, member);
            default:
                return Expressions.UNDEFINED;
        }
    }

    private static int accessOf(Object o) {
        if (o instanceof MemberAccess) {
            return ACCESS_MEMBERS;
        }
        if (o instanceof Map) {
            return ACCESS_MAP;
        }
        if (o instanceof List) {
            return ACCESS_LIST;
        }
        return o.getClass().isArray() ? ACCESS_ARRAY : ACCESS_NONE;
    }

    private static Object readObject(Object o, int access, String member) {
        try {
            switch (access) {
                case ACCESS_MEMBERS:
                    return ((MemberAccess) o).member(member);
                case ACCESS_MAP:
                    Map<?, ?> map = (Map<?, ?>) o;
                    Object v = map.get(member);
                    return v != null || map.containsKey(member) ? v : Expressions.UNDEFINED;
                case ACCESS_LIST:
                case ACCESS_ARRAY:
                    if ("length".equals(member)) {
                        return (long) (access == ACCESS_LIST ? ((List<?>) o).size() : Array.getLength(o));
                    }
                    double d = Ops.parseStrict(member);
                    return Double.isNaN(d) ? Expressions.UNDEFINED : index(o, d);
                default:
                    return Expressions.UNDEFINED;
            }
        } catch (ExpressionException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new ExpressionException(null, "reading '" + member + "' failed: " + e.getMessage(), e);
        }
    }

    private static Object index(Object container, double d) {
        int size = container instanceof List ? ((List<?>) container).size() : Array.getLength(container);
        if (d != (int) d || d < 0 || d >= size) {
            return Expressions.UNDEFINED;
        }
        return container instanceof List ? ((List<?>) container).get((int) d) : Array.get(container, (int) d);
    }
}

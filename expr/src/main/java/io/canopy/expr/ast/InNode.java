package io.canopy.expr.ast;

import io.canopy.expr.ExpressionException;
import io.canopy.expr.MemberAccess;
import io.canopy.expr.Ops;
import io.canopy.expr.Value;
import java.lang.reflect.Array;
import java.util.List;
import java.util.Map;

/**
 * ECMASCRIPT {@code key in object}: whether a map has the key, a list or array the index (or {@code
 * length}), a {@link MemberAccess} object the member. A right side that is not an object is a TypeError.
 */
public final class InNode extends ExprNode {
    private final ExprNode key;
    private final ExprNode object;
    private final Value k = new Value();
    private final Value o = new Value();

    public InNode(ExprNode key, ExprNode object) {
        this.key = key;
        this.object = object;
    }

    @Override
    public void eval(Value out) {
        key.eval(k);
        object.eval(o);
        if (o.kind != Value.OBJ) {
            throw new ExpressionException(null, "'in' needs an object on its right, got " + Ops.describe(o)).with(o);
        }
        String name = Ops.toStr(k);
        Object target = o.ref;
        boolean has;
        if (target instanceof Map) {
            has = ((Map<?, ?>) target).containsKey(name);
        } else if (target instanceof List || target.getClass().isArray()) {
            int size = target instanceof List ? ((List<?>) target).size() : Array.getLength(target);
            double d = Ops.parseStrict(name);
            has = name.equals("length") || d == (int) d && d >= 0 && d < size;
        } else if (target instanceof MemberAccess) {
            has = ((MemberAccess) target).hasMember(name);
        } else {
            has = false;
        }
        out.setBool(has);
    }
}

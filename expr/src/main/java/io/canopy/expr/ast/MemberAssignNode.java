package io.canopy.expr.ast;

import io.canopy.expr.ExpressionException;
import io.canopy.expr.MemberAccess;
import io.canopy.expr.Ops;
import io.canopy.expr.Value;
import java.util.List;
import java.util.Map;

/** {@code obj.name = v} and {@code obj[key] = v} on maps, lists and {@link MemberAccess} objects. */
public final class MemberAssignNode extends ExprNode {
    private final ExprNode object;
    private final String name;
    private final ExprNode key;
    private final ExprNode rhs;
    private final Value target = new Value();
    private final Value keyValue = new Value();

    public MemberAssignNode(MemberNode lhs, ExprNode rhs) {
        this.object = lhs.object;
        this.name = lhs.name;
        this.key = lhs.key;
        this.rhs = rhs;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void eval(Value out) {
        object.eval(target);
        String member = name;
        if (key != null) {
            key.eval(keyValue);
            member = Ops.toStr(keyValue);
        }
        if (target.kind != Value.OBJ) {
            throw new ExpressionException(null, "cannot set '" + member + "' of " + Ops.describe(target)
                    + ": only members of objects (maps, lists, event data) can be assigned");
        }
        rhs.eval(out);
        Object value = Ops.toJava(out);
        Object o = target.ref;
        try {
            if (o instanceof MemberAccess) {
                ((MemberAccess) o).setMember(member, value);
            } else if (o instanceof Map) {
                ((Map<Object, Object>) o).put(member, value);
            } else if (o instanceof List && keyValue.isNumber() && key != null) {
                ((List<Object>) o).set((int) keyValue.num, value);
            } else {
                throw new ExpressionException(null, "cannot set '" + member + "' of " + Ops.describe(target));
            }
        } catch (ExpressionException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new ExpressionException(null, "cannot set '" + member + "': " + e.getMessage(), e);
        }
    }
}

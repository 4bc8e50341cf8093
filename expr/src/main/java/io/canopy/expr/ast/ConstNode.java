package io.canopy.expr.ast;

import io.canopy.expr.Ops;
import io.canopy.expr.Value;

/** A literal, an enum constant or a constant offered by the scope. */
public final class ConstNode extends ExprNode {
    private final Value value;

    ConstNode(Value value) {
        this.value = value;
    }

    public static ConstNode of(Object javaValue, boolean ecma) {
        Value v = new Value();
        Ops.fromJava(javaValue, v, ecma);
        return new ConstNode(v);
    }

    @Override
    public void eval(Value out) {
        out.set(value);
    }

    @Override
    boolean isConstant() {
        return true;
    }

    public Object javaValue() {
        return Ops.toJava(value);
    }
}

package io.canopy.expr.ast;

import io.canopy.expr.ExpressionException;
import io.canopy.expr.Ops;
import io.canopy.expr.Value;

/** {@code cond ? a : b}. BehaviorTree.CPP: a non-empty string or a non-zero number is true. */
public final class TernaryNode extends ExprNode {
    private final ExprNode condition;
    private final ExprNode then;
    private final ExprNode otherwise;
    private final boolean ecma;

    public TernaryNode(ExprNode condition, ExprNode then, ExprNode otherwise, boolean ecma) {
        this.condition = condition;
        this.then = then;
        this.otherwise = otherwise;
        this.ecma = ecma;
    }

    @Override
    public void eval(Value out) {
        condition.eval(out);
        boolean c;
        if (ecma) {
            c = Ops.truthy(out);
        } else if (out.kind == Value.STR) {
            c = !out.str().isEmpty();
        } else if (out.isNumber()) {
            c = out.num != 0;
        } else {
            throw new ExpressionException(null, "the condition of '?:' is " + Ops.describe(out) + ", not a number or a string").with(out);
        }
        (c ? then : otherwise).eval(out);
    }
}

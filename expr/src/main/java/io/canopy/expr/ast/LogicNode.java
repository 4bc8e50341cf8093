package io.canopy.expr.ast;

import io.canopy.expr.Ops;
import io.canopy.expr.Value;

/**
 * {@code &&} and {@code ||}. ECMAScript: short-circuit, the result is the deciding operand. BehaviorTree.CPP:
 * both operands are evaluated and must convert to booleans (0/1); the result is the number 1 or 0.
 */
public final class LogicNode extends ExprNode {
    private final boolean and;
    private final ExprNode left;
    private final ExprNode right;
    private final boolean ecma;
    private final Value r = new Value();

    public LogicNode(int op, ExprNode left, ExprNode right, boolean ecma) {
        this.and = op == Ops.AND;
        this.left = left;
        this.right = right;
        this.ecma = ecma;
    }

    @Override
    public void eval(Value out) {
        left.eval(out);
        if (ecma) {
            if (Ops.truthy(out) == and) {
                right.eval(out);
            }
            return;
        }
        right.eval(r);
        boolean lb = Ops.btcppBool(out);
        boolean rb = Ops.btcppBool(r);
        out.setNum((and ? lb && rb : lb || rb) ? 1 : 0);
    }
}

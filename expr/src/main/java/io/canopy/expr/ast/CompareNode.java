package io.canopy.expr.ast;

import io.canopy.expr.Ops;
import io.canopy.expr.Value;

/** ECMAScript comparisons {@code == != === !== < > <= >=}; the result is a boolean. */
public final class CompareNode extends ExprNode {
    private final int op;
    private final ExprNode left;
    private final ExprNode right;
    private final Value l = new Value();
    private final Value r = new Value();

    public CompareNode(int op, ExprNode left, ExprNode right) {
        this.op = op;
        this.left = left;
        this.right = right;
    }

    @Override
    public void eval(Value out) {
        left.eval(l);
        right.eval(r);
        boolean result;
        switch (op) {
            case Ops.EQ: result = Ops.looseEquals(l, r); break;
            case Ops.NE: result = !Ops.looseEquals(l, r); break;
            case Ops.SEQ: result = Ops.strictEquals(l, r); break;
            case Ops.SNE: result = !Ops.strictEquals(l, r); break;
            default: result = Ops.esRelation(l, r, op);
        }
        out.setBool(result);
    }
}

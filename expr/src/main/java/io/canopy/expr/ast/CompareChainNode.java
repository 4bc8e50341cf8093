package io.canopy.expr.ast;

import io.canopy.expr.ExpressionException;
import io.canopy.expr.Ops;
import io.canopy.expr.Scope;
import io.canopy.expr.Value;

/**
 * BehaviorTree.CPP comparisons: a chain {@code a < b < c} is evaluated pairwise ({@code a < b && b < c},
 * each operand once, stopping at the first false pair). The result is the number 1 or 0.
 */
public final class CompareChainNode extends ExprNode {
    private final int[] ops;
    private final ExprNode[] operands;
    /** For enum names in strings compared with numbers (BT.CPP's StringToDouble). */
    private final Scope enums;
    private final Value a = new Value();
    private final Value b = new Value();

    public CompareChainNode(int[] ops, ExprNode[] operands, Scope enums) {
        this.ops = ops;
        this.operands = operands;
        this.enums = enums;
    }

    @Override
    public void eval(Value out) {
        Value lhs = a;
        Value rhs = b;
        operands[0].eval(lhs);
        for (int i = 0; i < ops.length; i++) {
            operands[i + 1].eval(rhs);
            if (!holds(ops[i], lhs, rhs)) {
                out.setNum(0);
                return;
            }
            Value t = lhs;
            lhs = rhs;
            rhs = t;
        }
        out.setNum(1);
    }

    private boolean holds(int op, Value l, Value r) {
        if (l.kind == Value.UNDEFINED || r.kind == Value.UNDEFINED) {
            throw new ExpressionException(null, "the " + (l.kind == Value.UNDEFINED ? "left" : "right") + " operand of '"
                    + Ops.text(op) + "' has no value");
        }
        switch (op) {
            case Ops.EQ: return Ops.btcppEquals(l, r, op, enums);
            case Ops.NE: return !Ops.btcppEquals(l, r, op, enums);
            case Ops.SEQ: return Ops.strictEquals(l, r);
            case Ops.SNE: return !Ops.strictEquals(l, r);
            default: return Ops.btcppRelation(l, r, op, enums);
        }
    }
}

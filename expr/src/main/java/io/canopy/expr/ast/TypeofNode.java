package io.canopy.expr.ast;

import io.canopy.expr.Ops;
import io.canopy.expr.Value;
import io.canopy.expr.ValueKind;
import io.canopy.expr.Variable;

/** ECMAScript {@code typeof x}; an undeclared variable gives "undefined" instead of an error. */
public final class TypeofNode extends ExprNode {
    private final ExprNode operand;
    /** The variable when the operand is a bare name, else null. */
    private final Variable variable;

    public TypeofNode(ExprNode operand) {
        this.operand = operand;
        this.variable = operand instanceof VarNode ? ((VarNode) operand).variable : null;
    }

    @Override
    public void eval(Value out) {
        if (variable != null && variable.kind() == ValueKind.EMPTY) {
            out.setStr("undefined");
            return;
        }
        operand.eval(out);
        out.setStr(Ops.typeOf(out));
    }
}

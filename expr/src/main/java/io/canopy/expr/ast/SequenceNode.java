package io.canopy.expr.ast;

import io.canopy.expr.Value;

/** Statements separated by {@code ;} or newlines; the value is the last statement's. */
public final class SequenceNode extends ExprNode {
    private final ExprNode[] statements;

    public SequenceNode(ExprNode[] statements) {
        this.statements = statements;
    }

    @Override
    public void eval(Value out) {
        for (ExprNode s : statements) {
            s.eval(out);
        }
    }
}

package io.canopy.expr.ast;

import io.canopy.expr.Value;

/** Statements separated by {@code ;} or newlines; the value is the last statement's. */
public final class SequenceNode extends Node {
    private final Node[] statements;

    public SequenceNode(Node[] statements) {
        this.statements = statements;
    }

    @Override
    public void eval(Value out) {
        for (Node s : statements) {
            s.eval(out);
        }
    }
}

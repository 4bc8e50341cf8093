package io.canopy.expr;

/** Statements separated by {@code ;} or newlines; the value is the last statement's. */
final class SequenceNode extends Node {
    private final Node[] statements;

    SequenceNode(Node[] statements) {
        this.statements = statements;
    }

    @Override
    void eval(Value out) {
        for (Node s : statements) {
            s.eval(out);
        }
    }
}

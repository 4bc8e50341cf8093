package io.canopy.expr;

/** {@code cond ? a : b}. BehaviorTree.CPP: a non-empty string or a non-zero number is true. */
final class TernaryNode extends Node {
    private final Node condition;
    private final Node then;
    private final Node otherwise;
    private final boolean ecma;

    TernaryNode(Node condition, Node then, Node otherwise, boolean ecma) {
        this.condition = condition;
        this.then = then;
        this.otherwise = otherwise;
        this.ecma = ecma;
    }

    @Override
    void eval(Value out) {
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

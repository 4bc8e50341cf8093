package io.canopy.expr;

/** A literal, an enum constant or a constant offered by the scope. */
final class ConstNode extends Node {
    private final Value value;

    ConstNode(Value value) {
        this.value = value;
    }

    static ConstNode of(Object javaValue, boolean ecma) {
        Value v = new Value();
        Ops.fromJava(javaValue, v, ecma);
        return new ConstNode(v);
    }

    @Override
    void eval(Value out) {
        out.set(value);
    }

    @Override
    boolean isConstant() {
        return true;
    }

    Object javaValue() {
        return Ops.toJava(value);
    }
}

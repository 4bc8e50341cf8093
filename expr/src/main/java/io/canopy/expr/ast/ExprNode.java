package io.canopy.expr.ast;

import io.canopy.expr.Value;

/**
 * A compiled expression node. {@link #eval} leaves its result in the caller's register; numbers, booleans
 * and variable reads and writes of them allocate nothing. Nodes keep scratch registers of their own, so a
 * compiled expression is evaluated by one thread at a time.
 */
public abstract class ExprNode {
    public abstract void eval(Value out);

    /** Whether the node always yields the same value without side effects (a literal). */
    boolean isConstant() {
        return false;
    }
}

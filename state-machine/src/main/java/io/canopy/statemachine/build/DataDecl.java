package io.canopy.statemachine.build;

import io.canopy.statemachine.ValueExpr;

/** A {@code <data id expr|src|content>} declaration: the slot it initialises and how. */
public final class DataDecl {
    public final String id;
    public final int slot;
    /** The initial value expression, or null for a constant (possibly undefined) value. */
    public final ValueExpr expr;
    /** The constant initial value (from {@code src} or inline content), or null for undefined. */
    public final Object constant;

    DataDecl(String id, int slot, ValueExpr expr, Object constant) {
        this.id = id;
        this.slot = slot;
        this.expr = expr;
        this.constant = constant;
    }
}

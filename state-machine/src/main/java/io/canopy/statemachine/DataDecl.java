package io.canopy.statemachine;

/** A {@code <data id expr|src|content>} declaration: the slot it initialises and how. */
final class DataDecl {
    final String id;
    final int slot;
    /** The initial value expression, or null for a constant (possibly undefined) value. */
    final Value expr;
    /** The constant initial value (from {@code src} or inline content), or null for undefined. */
    final Object constant;

    DataDecl(String id, int slot, Value expr, Object constant) {
        this.id = id;
        this.slot = slot;
        this.expr = expr;
        this.constant = constant;
    }
}

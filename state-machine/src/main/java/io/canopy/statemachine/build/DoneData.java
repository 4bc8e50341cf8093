package io.canopy.statemachine.build;

import io.canopy.statemachine.ValueExpr;

/** {@code <donedata>} of a final state: params (a map) or content (the whole value). */
public final class DoneData {
    public final Param[] params;
    /** Content value expression, or null when params are used. */
    public final ValueExpr content;

    DoneData(Param[] params, ValueExpr content) {
        this.params = params;
        this.content = content;
    }
}

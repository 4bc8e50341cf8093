package io.canopy.statemachine.build;

import io.canopy.statemachine.Value;

/** {@code <donedata>} of a final state: params (a map) or content (the whole value). */
public final class DoneData {
    public final Param[] params;
    /** Content value expression, or null when params are used. */
    public final Value content;

    DoneData(Param[] params, Value content) {
        this.params = params;
        this.content = content;
    }
}

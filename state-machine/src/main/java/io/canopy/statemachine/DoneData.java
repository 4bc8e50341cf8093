package io.canopy.statemachine;

/** {@code <donedata>} of a final state: params (a map) or content (the whole value). */
final class DoneData {
    final Param[] params;
    /** Content value expression, or null when params are used. */
    final Value content;

    DoneData(Param[] params, Value content) {
        this.params = params;
        this.content = content;
    }
}

package io.canopy.statemachine;

/** The kinds of state node in a statechart; {@link #ROOT} is the {@code <scxml>} element itself. */
enum StateKind {
    ROOT,
    ATOMIC,
    COMPOUND,
    PARALLEL,
    FINAL,
    HISTORY_SHALLOW,
    HISTORY_DEEP;

    boolean isHistory() {
        return this == HISTORY_SHALLOW || this == HISTORY_DEEP;
    }
}

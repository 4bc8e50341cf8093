package io.canopy.statemachine;

/** The kinds of state node in a statechart; {@link #ROOT} is the {@code <scxml>} element itself. */
public enum StateKind {
    ROOT,
    ATOMIC,
    COMPOUND,
    PARALLEL,
    FINAL,
    HISTORY_SHALLOW,
    HISTORY_DEEP;

    public boolean isHistory() {
        return this == HISTORY_SHALLOW || this == HISTORY_DEEP;
    }
}

package io.canopy.statemachine;

/**
 * Told by a {@link Machine} of its ticks and of every step it takes, on the tick thread ({@link Machine#observe}):
 * the transitions taken, then the states exited (innermost first) and entered (outermost first), as the SCXML
 * algorithm runs them. Implementations must not allocate or block: they copy indices into preallocated memory
 * that other threads read. Name the indices with {@link Statechart#stateId(int)} and
 * {@link Statechart#transitionText(int)}.
 */
public interface MachineObserver {
    /** {@link Machine#onTick} begins. */
    void tickStarted();

    /** Transition {@code transition} is taken (before the exits it causes). */
    void transition(int transition);

    /** State {@code state} is exited (its onexit handlers have run). */
    void exited(int state);

    /** State {@code state} is entered (before its onentry handlers run). */
    void entered(int state);

    /** {@link Machine#onTick} is over. */
    void tickEnded();
}

package io.canopy.bt;

/** The result of a tick and the state of a node (BehaviorTree.CPP v4). A node never returns IDLE. */
public enum Status {
    IDLE,
    RUNNING,
    SUCCESS,
    FAILURE,
    /** Returned by a node whose pre-condition asked to skip it; its stored status stays IDLE. */
    SKIPPED;

    /** SUCCESS or FAILURE. */
    public boolean isCompleted() {
        return this == SUCCESS || this == FAILURE;
    }
}

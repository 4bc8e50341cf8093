package io.canopy.bt;

/**
 * Told by a tree of its ticks and of every node status change, on the tick thread ({@link Tree#observe}).
 * Implementations must not allocate or block: they copy what they need into preallocated memory that other
 * threads read (see {@code io.canopy.bt.observe}).
 */
public interface NodeObserver {
    /** A tick of the tree begins. */
    void tickStarted();

    /**
     * Node {@code uid} (its depth-first index) now has {@code status} (a {@link Status} ordinal): called when
     * the stored status changes, and for SKIPPED (reported though the node's stored status stays IDLE).
     */
    void statusChanged(int uid, int status);

    /** The tick of the tree is over. */
    void tickEnded();
}

package io.canopy.launch.run;

import io.canopy.bt.Tree;
import io.canopy.bt.event.TreeEvents;
import io.canopy.bt.observe.TreeObserver;
import io.canopy.tick.EventQueue;

/**
 * One loaded version of a tree's file: the tree with its event inbox and outbox, its observer, and its version (the
 * SHA-256 of the file's content, an optional label, since when it runs). Made off the tick thread (at load, or by a
 * deploy), handed to the tick thread through {@link TreeSlot}'s single-slot handoff.
 */
public final class LoadedTree {
    final Tree tree;
    final TreeEvents events;
    final EventQueue sent;
    /** The SHA-256 of the file's content, as 64 hex digits. */
    public final String sha256;
    /** The operator's label for this version ("" when none). */
    public final String label;
    volatile TreeObserver observer;
    /** The node clock's time of the tick that put this version in, -1 before (or for the version loaded at start). */
    volatile long swappedAtNs = -1;
    /** Wall-clock time (ms) since which this version runs, for the operator (set off the tick thread). */
    volatile long sinceEpochMs;

    LoadedTree(Tree tree, String sha256, String label, long sinceEpochMs) {
        this.tree = tree;
        this.events = TreeEvents.of(tree.context());
        this.sent = events.outbox(); // made now, not on the tick path
        this.sha256 = sha256;
        this.label = label == null ? "" : label;
        this.sinceEpochMs = sinceEpochMs;
    }

    public Tree tree() {
        return tree;
    }

    /** The node clock's time of the swap that put this version in, -1 while it waits (or for the start version). */
    public long swappedAtNs() {
        return swappedAtNs;
    }

    public long sinceEpochMs() {
        return sinceEpochMs;
    }

    public void since(long epochMs) {
        sinceEpochMs = epochMs;
    }
}

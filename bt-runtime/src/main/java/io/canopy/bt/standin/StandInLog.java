package io.canopy.bt.standin;

import io.canopy.bt.Status;

/**
 * Told of every tick and halt of a stand-in (tree-test counts and traces them): put one in the tree's
 * context with {@code TreeContext.withService(StandInLog.class, log)}. Called on the tick thread.
 */
public interface StandInLog {
    /** The stand-in of type {@code typeId} named {@code name} returned {@code status}. */
    void ticked(String typeId, String name, Status status);

    /** The stand-in was halted while RUNNING. */
    void halted(String typeId, String name);
}

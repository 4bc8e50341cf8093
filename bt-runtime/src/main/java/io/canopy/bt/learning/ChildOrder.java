package io.canopy.bt.learning;

import io.canopy.bt.NodeInit;
import io.canopy.bt.Status;
import java.util.SplittableRandom;

/**
 * xbt's {@code child_fun}: the pluggable function that orders the children of an {@link XChoice} each time it
 * starts a run, and learns from the rewards they earn. One instance per node (it may keep state); called on
 * the tick thread, so it must not allocate after its first call.
 */
public interface ChildOrder {
    /**
     * Fills {@code order} (its length is the child count) with a permutation of the child indices: the order
     * in which the choice tries them. {@code random} is the tree's seeded random source.
     */
    void order(int[] order, SplittableRandom random);

    /**
     * xbt's {@code child_fun}, which may return a subset of the children: fills the first entries of
     * {@code order} with distinct child indices, the order in which the choice tries them, and returns how many
     * it chose (0 to the child count); the children it leaves out are not run (and are deactivated). The
     * default chooses every child, in the order of {@link #order}.
     */
    default int select(int[] order, SplittableRandom random) {
        order(order, random);
        return order.length;
    }

    /** The reward child {@code child} earned in the attempt that just ended with {@code result}. */
    default void update(int child, double reward, Status result) {}

    /** Makes the ordering of one node, reading its ports (errors at load time via {@link NodeInit#error}). */
    @FunctionalInterface
    interface Factory {
        ChildOrder create(NodeInit init);
    }
}

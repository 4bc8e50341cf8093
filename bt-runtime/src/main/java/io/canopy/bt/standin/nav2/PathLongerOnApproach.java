package io.canopy.bt.standin.nav2;

import io.canopy.bt.DecoratorNode;
import io.canopy.bt.NodeInit;
import io.canopy.bt.Status;

/**
 * Nav2's {@code PathLongerOnApproach} as a stand-in: Nav2 ticks the child (its "goal patience" branch) only
 * when a new path near the goal is much longer than the old one. Paths are opaque values to stand-ins, so
 * here the new path is never longer: SUCCESS without ticking the child, as Nav2 does on an ordinary approach.
 */
public final class PathLongerOnApproach extends DecoratorNode {
    public PathLongerOnApproach(NodeInit init) {
        super(init);
    }

    @Override
    protected Status tick() {
        return Status.SUCCESS;
    }
}

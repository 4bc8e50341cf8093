package io.canopy.launch.nav;

import io.canopy.bt.NodeRegistry;

/**
 * The navigation leaves every node launched by {@code canopy run} can use with a {@code <diffdrive>}:
 * {@code DriveTo x y [tolerance speed]}, {@code Turn angle [speed]}, {@code Move distance [speed]}.
 */
public final class NavLeaves {
    private NavLeaves() {}

    /** Registers them in {@code registry}; returns it. */
    public static NodeRegistry register(NodeRegistry registry) {
        return registry.register(DriveTo.TYPE).register(Turn.TYPE).register(Move.TYPE);
    }
}

package io.canopy.launch.fleet;

import io.canopy.bt.NodeRegistry;

/** The fleet nodes every tree of {@code canopy run} can use: {@code Claim resource [lease_ms timeout_ms]}, {@code Release resource}. */
public final class FleetLeaves {
    private FleetLeaves() {}

    /** Registers them in {@code registry}; returns it. */
    public static NodeRegistry register(NodeRegistry registry) {
        return registry.register(Claim.TYPE).register(Release.TYPE);
    }
}

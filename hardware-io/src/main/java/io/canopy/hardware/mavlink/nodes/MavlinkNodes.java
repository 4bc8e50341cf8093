package io.canopy.hardware.mavlink.nodes;

import io.canopy.bt.NodeRegistry;

/** Registers the MAVLink node types. */
public final class MavlinkNodes {
    private MavlinkNodes() {}

    /** Adds MavSetMode, MavArm, MavTakeoff, MavGoToLocal, MavLand and MavUploadMission to {@code registry}; returns it. */
    public static NodeRegistry register(NodeRegistry registry) {
        return registry.register(SetMode.TYPE).register(Arm.TYPE).register(Takeoff.TYPE).register(GotoLocal.TYPE)
                .register(Land.TYPE).register(UploadMission.TYPE);
    }
}

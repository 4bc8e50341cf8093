package io.canopy.launch.plan;

import java.util.List;

/**
 * Whether the node takes new versions of its tree and machine files over MQTT ({@code <deploy only rollback_window_s/>}).
 *
 * @param enabled          false without {@code <deploy/>} (the node ignores deploy requests and counts them)
 * @param only             the trees and machines a deploy may replace, by launch name; empty: all of them
 * @param rollbackWindowMs a failsafe that trips within this time after a swap rolls the swap back; 0: never
 * @param source           the {@code <deploy>} element, or the node's when there is none
 */
public record DeployPlan(boolean enabled, List<String> only, long rollbackWindowMs, Source source) {
    /** The default rollback window: 30 s. */
    public static final long DEFAULT_ROLLBACK_WINDOW_MS = 30_000;
    /** A node without {@code <deploy/>}. */
    public static final DeployPlan NONE = new DeployPlan(false, List.of(), 0, null);

    public DeployPlan {
        only = List.copyOf(only);
    }

    /** Whether a deploy may replace the tree or machine named {@code name}. */
    public boolean allows(String name) {
        return enabled && (only.isEmpty() || only.contains(name));
    }
}

package io.canopy.launch.plan;

import io.canopy.launch.LaunchLoader;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A launch file, resolved: the values of its top-level arguments and the nodes it runs (usually one).
 * Built by {@link LaunchLoader}; immutable; the runner consumes it.
 */
public record LaunchPlan(Path file, Map<String, String> args, List<NodePlan> nodes) {
    public LaunchPlan {
        args = Collections.unmodifiableMap(new LinkedHashMap<>(args));
        nodes = List.copyOf(nodes);
    }
}

package io.canopy.launch.plan;

import io.canopy.bt.Port;
import java.util.List;

/**
 * A declared action that runs in another process ({@code <remote type="ComputePathToPose"
 * topic="nav/compute_path" worker_timeout_ms="2000"/>} in a {@code <node>}): its goals go out on
 * {@code <topic>/goal}, the worker answers on {@code <topic>/feedback} and {@code <topic>/result}
 * (docs/remote-nodes.md).
 *
 * @param type            the action's node type, declared in a palette ({@code <TreeNodesModel>})
 * @param topic           the base topic, resolved against the node's namespace (no leading '/')
 * @param workerTimeoutMs how long a goal waits for a worker that has not yet said {@code online} on
 *                        {@code <topic>/worker} before the node fails
 * @param ports           the ports its palette declares (inputs go in the goal, outputs come from the result)
 */
public record RemotePlan(String type, String topic, long workerTimeoutMs, List<Port> ports,
        Source source) {
    public RemotePlan {
        ports = List.copyOf(ports);
    }
}

package io.canopy.launch.web;

import com.google.gson.JsonObject;
import java.util.Map;

/**
 * Where the page's robots come from: the node's own {@link io.canopy.launch.run.NodeView}s ({@link LocalRobots})
 * or a broker's status topics ({@link BrokerRobots}). Read by the {@link LiveHub}'s thread only, except the
 * document getters (HTTP threads).
 */
interface RobotSource extends AutoCloseable {
    /**
     * One JSON object per robot, by name, each made of sections ({@code trees}, {@code treeStatus},
     * {@code machines}, {@code machineState}, {@code timers}, {@code links}, {@code battery}, {@code pose},
     * {@code blackboard}, {@code log}, {@code online}, {@code lastSeenMs}): see docs/web.md.
     */
    Map<String, JsonObject> sample();

    /** The tree's XML with Groot2 UIDs, or null; {@code robot} null = the first robot that has the tree. */
    String treeXml(String robot, String tree);

    /** The machine's SCXML, or null. */
    String scxml(String robot, String machine);

    /** Sends {@code event} to the robot's machines; false when the robot is unknown or its inbox is full. */
    default boolean sendEvent(String robot, String event) {
        return false;
    }

    /** Whether this source can send events at all. */
    default boolean canControl() {
        return false;
    }

    @Override
    default void close() {}
}

package io.canopy.launch.report;

import java.nio.file.Path;

/**
 * What {@code canopy run} attaches to a node's trees and machines to watch them (see {@link TreeMonitoring}).
 *
 * @param groot2Port the first Groot2 port (0: only trees with {@code groot2_port} in the launch file get a server)
 * @param btlogDir   a {@code .btlog} per tree there, or null
 * @param trace      the console trace's filter: null none, "" everything, else names (see {@link TraceFilter})
 * @param traceJson  the Perfetto/Chrome trace file, or null
 */
public record MonitorOptions(int groot2Port, Path btlogDir, String trace, Path traceJson) {
    public static final MonitorOptions NONE = new MonitorOptions(0, null, null, null);

    /** The same for the {@code index}-th of {@code count} nodes: one trace file each, named after the node. */
    public MonitorOptions forNode(int index, int count, String nodeName, int groot2Port) {
        Path json = traceJson;
        if (json != null && count > 1) {
            String f = json.getFileName().toString();
            int dot = f.lastIndexOf('.');
            String safe = nodeName.replaceAll("[^A-Za-z0-9_.-]", "_");
            json = json.resolveSibling(dot > 0 ? f.substring(0, dot) + "." + safe + f.substring(dot) : f + "." + safe);
        }
        return new MonitorOptions(groot2Port, btlogDir, trace, json);
    }
}

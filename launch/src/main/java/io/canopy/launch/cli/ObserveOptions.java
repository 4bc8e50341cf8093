package io.canopy.launch.cli;

import io.canopy.InputException;
import io.canopy.launch.report.MonitorOptions;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code canopy run}'s options to watch a running node: Groot2, .btlog, console trace, Perfetto trace. */
final class ObserveOptions {
    @Option(names = "--groot2", arity = "0..1", fallbackValue = "1667", paramLabel = "PORT",
            description = {"Let Groot2 attach: the first tree on PORT (default 1667) and PORT+1, the next on PORT+2 ...",
                "(a tree with groot2_port in the launch file keeps its own)."})
    Integer groot2;

    @Option(names = "--btlog", paramLabel = "DIR", description = "Record each tree's transitions to DIR/<tree>.btlog (Groot2's log format).")
    Path btlog;

    @Option(names = "--trace", arity = "0..1", fallbackValue = "", paramLabel = "FILTER",
            description = {"Print tree transitions and state-machine steps on the console; FILTER (optional) is a",
                "comma-separated list of TREE, MACHINE, NODE (and what is under it) or TREE/NODE."})
    String trace;

    @Option(names = "--trace-json", paramLabel = "FILE",
            description = "Write a Perfetto/Chrome trace (ticks, transitions, machine steps, timer lateness) to FILE; open it in ui.perfetto.dev.")
    Path traceJson;

    MonitorOptions options() {
        if (groot2 != null && (groot2 < 1 || groot2 > 65_000)) {
            throw new InputException("--groot2 " + groot2 + ": not a port; write for example --groot2 1667");
        }
        return new MonitorOptions(groot2 == null ? 0 : groot2, btlog, trace, traceJson);
    }
}

package io.canopy.launch.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** Placeholder until its issue lands: says so and exits 2. */
@Command(name = "nodes", mixinStandardHelpOptions = true, description = "List node types and ports; --xml prints the Groot2 palette.")
final class NodesCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("canopy nodes: not available in this build yet");
        return CanopyMain.EXIT_BAD_INPUT;
    }
}

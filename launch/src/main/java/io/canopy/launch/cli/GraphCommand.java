package io.canopy.launch.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** Placeholder until its issue lands: says so and exits 2. */
@Command(name = "graph", mixinStandardHelpOptions = true, description = "Print a tree or a state machine as Graphviz DOT.")
final class GraphCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("canopy graph: not available in this build yet");
        return CanopyMain.EXIT_BAD_INPUT;
    }
}

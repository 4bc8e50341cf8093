package io.canopy.launch.cli;

import io.canopy.launch.Graphs;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code canopy graph FILE}: prints a behavior tree or an SCXML machine as Graphviz DOT on stdout. */
@Command(
        name = "graph",
        mixinStandardHelpOptions = true,
        description = {
            "Print a behavior tree (BT.CPP v4 XML), an SCXML machine, or every tree and machine of a launch file as Graphviz DOT.",
            "Render it with: canopy graph FILE | dot -Tsvg > FILE.svg"
        })
final class GraphCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "A tree .xml, a .scxml or a .launch.xml file.")
    Path file;

    @Option(names = "--main", paramLabel = "ID", description = "Which <BehaviorTree ID> to draw (default: main_tree_to_execute).")
    String main;

    @Override
    public Integer call() {
        String dot = Graphs.dot(file, main);
        PrintWriter out = spec.commandLine().getOut();
        out.print(dot);
        out.flush();
        return CanopyMain.EXIT_OK;
    }
}

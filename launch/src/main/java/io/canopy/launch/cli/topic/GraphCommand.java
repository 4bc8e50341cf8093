package io.canopy.launch.cli.topic;

import io.canopy.InputException;
import io.canopy.launch.cli.CanopyMain;
import io.canopy.launch.cli.PaletteOptions;
import io.canopy.launch.cli.PluginOptions;
import io.canopy.launch.cli.tree.TreeCheck;
import io.canopy.launch.graph.Graphs;
import io.canopy.launch.read.FileCheck;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code canopy graph FILE}: prints a behavior tree or an SCXML machine as Graphviz DOT on stdout. With
 * {@code --palette} or {@code --plugin}, a tree file is first checked as {@code validate} checks it (its custom
 * types against the palettes) and every error is reported instead of a drawing.
 */
@Command(
        name = "graph",
        mixinStandardHelpOptions = true,
        description = {
            "Print a behavior tree (BT.CPP v4 XML), an SCXML machine, or every tree and machine of a launch file as Graphviz DOT.",
            "Render it with: canopy graph FILE | dot -Tsvg > FILE.svg",
            "With --palette or --plugin, a tree file is checked first (as validate does): errors instead of a drawing, exit 2."
        })
public final class GraphCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "A tree .xml, a .scxml or a .launch.xml file.")
    Path file;

    @Option(names = "--main", paramLabel = "ID", description = "Which <BehaviorTree ID> to draw (default: main_tree_to_execute).")
    String main;

    @Option(names = "--path", paramLabel = "DIR", description = "Folder searched for <include path> / ros_pkg files of trees"
            + " and by $(find-pkg-share NAME) in launch files (repeatable).")
    List<Path> searchPath = new ArrayList<>();

    @Mixin
    PaletteOptions palettes = new PaletteOptions();

    @Mixin
    PluginOptions plugins = new PluginOptions();

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        if (!palettes.files.isEmpty() || !plugins.jars.isEmpty()) {
            if (FileCheck.kindOf(file) != FileCheck.Kind.TREE) {
                throw new InputException("canopy graph: --palette and --plugin apply to a tree file; " + file
                        + " is not one (a launch file names its own: <palette file=\"...\"/>, <plugin jar=\"...\"/> in its <node>)");
            }
            List<String> warnings = new ArrayList<>();
            List<String> errors = TreeCheck.check(file, main, searchPath, palettes.files, plugins, false, warnings);
            warnings.forEach(w -> err.println("warning: " + w));
            if (!errors.isEmpty()) {
                errors.forEach(err::println);
                err.println("canopy graph: " + file + " does not load (" + errors.size() + " line(s) above); nothing drawn");
                err.flush();
                return CanopyMain.EXIT_BAD_INPUT;
            }
            err.flush();
        }
        String dot = Graphs.dot(file, main, searchPath);
        PrintWriter out = spec.commandLine().getOut();
        out.print(dot);
        out.flush();
        return CanopyMain.EXIT_OK;
    }
}

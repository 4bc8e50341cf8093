package io.canopy.launch.graph;

import io.canopy.launch.LaunchLoader;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.plan.MachinePlan;
import io.canopy.launch.plan.NodePlan;
import io.canopy.launch.plan.TreePlan;
import io.canopy.launch.read.FileCheck;
import io.canopy.statemachine.Statechart;
import io.canopy.statemachine.build.ScxmlLoader;
import io.canopy.statemachine.tools.DotWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * {@code canopy graph}: a tree or a machine (or, for a launch file, all of them) as Graphviz DOT. Each file
 * is first loaded by its runtime loader, so a file that would not run is reported, not drawn; machines are
 * drawn by the state-machine module ({@code Statechart.toDot()}), trees from their XML.
 */
public final class Graphs {
    private Graphs() {}

    /**
     * DOT text for {@code file}: a behavior tree ({@code main} picks the {@code <BehaviorTree>}), an SCXML
     * machine, or a launch file (one digraph holding a cluster per machine and tree it runs).
     */
    public static String dot(Path file, String main) {
        return dot(file, main, List.of());
    }

    /** As {@link #dot(Path, String)}, with the folders {@code <include>} and {@code $(find-pkg-share)} search ({@code --path}). */
    public static String dot(Path file, String main, List<Path> searchPath) {
        return switch (FileCheck.kindOf(file)) {
            case TREE -> tree(file, main, searchPath);
            case SCXML -> machine(file);
            case LAUNCH -> {
                LaunchPlan plan = LaunchLoader.load(file, Map.of(), searchPath);
                // each machine and tree is written once, straight from its model: alone as its own digraph, or as a
                // cluster of one digraph whose ids each carry the prefix gK_ (two trees' n0 stay apart)
                List<Function<String, String>> clusters = new ArrayList<>();
                for (NodePlan n : plan.nodes()) {
                    for (MachinePlan m : n.machines()) {
                        Statechart chart = ScxmlLoader.load(LaunchLoader.display(m.file()));
                        clusters.add(prefix -> prefix == null ? chart.toDot() : DotWriter.cluster(chart, prefix));
                    }
                    for (TreePlan t : n.trees()) {
                        Path tree = LaunchLoader.display(t.file());
                        clusters.add(prefix -> prefix == null ? tree(tree, t.main(), searchPath)
                                : TreeDot.cluster(tree, t.main(), searchPath, prefix));
                    }
                }
                if (clusters.size() == 1) {
                    yield clusters.get(0).apply(null);
                }
                StringBuilder out = new StringBuilder("digraph \"").append(Dot.escape(file.getFileName().toString()))
                        .append("\" {\n  compound=true;\n");
                for (int k = 0; k < clusters.size(); k++) {
                    out.append(clusters.get(k).apply("g" + k + "_"));
                }
                yield out.append("}\n").toString();
            }
        };
    }

    private static String machine(Path file) {
        return ScxmlLoader.load(file).toDot();
    }

    /** Trees are drawn from their XML, so leaves registered only in your own Java code draw too. */
    private static String tree(Path file, String main, List<Path> searchPath) {
        return TreeDot.render(file, main, searchPath);
    }
}

package io.canopy.launch.graph;

import io.canopy.launch.LaunchLoader;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.plan.MachinePlan;
import io.canopy.launch.plan.NodePlan;
import io.canopy.launch.plan.TreePlan;
import io.canopy.launch.read.FileCheck;
import io.canopy.statemachine.build.ScxmlLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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
                List<String> graphs = new ArrayList<>();
                for (NodePlan n : plan.nodes()) {
                    for (MachinePlan m : n.machines()) {
                        graphs.add(machine(LaunchLoader.display(m.file())));
                    }
                    for (TreePlan t : n.trees()) {
                        graphs.add(tree(LaunchLoader.display(t.file()), t.main(), searchPath));
                    }
                }
                String name = file.getFileName().toString();
                yield graphs.size() == 1 ? graphs.get(0) : DotMerge.merge(name, graphs);
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

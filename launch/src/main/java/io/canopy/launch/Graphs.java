package io.canopy.launch;

import java.nio.file.Path;

/** {@code canopy graph}: a tree or a machine (or, for a launch file, all of them) as Graphviz DOT. */
public final class Graphs {
    private Graphs() {}

    /**
     * DOT text for {@code file}: a behavior tree ({@code main} picks the {@code <BehaviorTree>}), an SCXML
     * machine, or a launch file (one digraph per tree and machine it runs, one after the other).
     */
    public static String dot(Path file, String main) {
        return switch (FileCheck.kindOf(file)) {
            case TREE -> TreeDot.render(file, main);
            case SCXML -> MachineDot.render(file);
            case LAUNCH -> {
                LaunchPlan plan = LaunchLoader.load(file, java.util.Map.of());
                StringBuilder b = new StringBuilder();
                for (NodePlan n : plan.nodes()) {
                    for (MachinePlan m : n.machines()) {
                        b.append(MachineDot.render(LaunchLoader.display(m.file())));
                    }
                    for (TreePlan t : n.trees()) {
                        b.append(TreeDot.render(LaunchLoader.display(t.file()), t.main()));
                    }
                }
                yield b.toString();
            }
        };
    }
}

package io.canopy.launch.cli;

import io.canopy.InputException;
import io.canopy.launch.plan.ForeignNodesPlan;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.plan.NodePlan;
import io.canopy.launch.read.LaunchArgs;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The launch-file options of {@code canopy run}: {@code --show-args}, {@code --path DIR} and {@code --palette FILE}. */
final class LaunchOptions {
    @Option(names = "--show-args", description = "List the launch file's arguments (default, description) and exit.")
    boolean showArgs;

    @Option(names = "--path", paramLabel = "DIR",
            description = "Folder searched by $(find-pkg-share NAME) (repeatable; CANOPY_PATH adds more).")
    List<Path> searchPath = new ArrayList<>();

    @Option(names = "--palette", paramLabel = "FILE", description = "A <TreeNodesModel> palette for the trees of every"
            + " node (repeatable), as <palette file=\"...\"/> in each <node> does; after the node's own palettes.")
    List<Path> palettes = new ArrayList<>();

    /** With --show-args: prints the arguments of {@code file} and returns true (the command then exits 0). */
    boolean showArgs(Path file, PrintWriter out) {
        if (!showArgs) {
            return false;
        }
        out.print(LaunchArgs.describe(LaunchArgs.of(file)));
        out.flush();
        return true;
    }

    /**
     * {@code plan} with the {@code --palette} files added to every node's palettes (after its own, so a launch
     * file's description of a type wins); the plan itself when there are none. A missing file is one line.
     */
    LaunchPlan applyTo(LaunchPlan plan) {
        if (palettes.isEmpty()) {
            return plan;
        }
        List<Path> extra = new ArrayList<>();
        for (Path p : palettes) {
            if (!Files.isRegularFile(p)) {
                throw new InputException("--palette " + p + ": file not found; give a <TreeNodesModel> file such as Nav2's"
                        + " nav2_tree_nodes.xml");
            }
            extra.add(p.toAbsolutePath().normalize());
        }
        List<NodePlan> nodes = new ArrayList<>();
        for (NodePlan n : plan.nodes()) {
            List<Path> all = new ArrayList<>(n.foreign().palettes());
            extra.stream().filter(p -> !all.contains(p)).forEach(all::add);
            ForeignNodesPlan foreign = new ForeignNodesPlan(n.foreign().plugins(), all, n.foreign().enums());
            nodes.add(new NodePlan(n.name(), n.namespace(), n.eventPolicy(), n.safety(), n.timers(), n.trees(), n.machines(),
                    n.links(), n.motors(), n.sensors(), n.diffDrive(), n.mqtt(), n.binds(), n.source(), n.devices(),
                    n.monitor(), foreign, n.remotes(), n.realtime(), n.deploy()));
        }
        return new LaunchPlan(plan.file(), plan.args(), nodes);
    }
}

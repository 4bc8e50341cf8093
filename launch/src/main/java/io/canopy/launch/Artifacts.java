package io.canopy.launch;

import io.canopy.InputException;
import io.canopy.Names;
import io.canopy.bt.Blackboard;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.hardware.dynamixel.nodes.DynamixelNodes;
import io.canopy.hardware.mavlink.nodes.MavlinkNodes;
import io.canopy.launch.fleet.FleetLeaves;
import io.canopy.launch.nav.NavLeaves;
import io.canopy.launch.plan.DevicePlans;
import io.canopy.launch.plan.ForeignNodesPlan;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.plan.MachinePlan;
import io.canopy.launch.plan.NamedTree;
import io.canopy.launch.plan.NodePlan;
import io.canopy.launch.plan.RemotePlan;
import io.canopy.launch.plan.Source;
import io.canopy.launch.plan.TreePlan;
import io.canopy.launch.read.DeviceStandIns;
import io.canopy.launch.remote.RemoteNodes;
import io.canopy.statemachine.Machine;
import io.canopy.statemachine.MachineContext;
import io.canopy.statemachine.Statechart;
import io.canopy.statemachine.build.ScxmlLoader;
import io.canopy.statemachine.tree.StateMachineNode;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.ManualNanoClock;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Loads the files a launch plan names (behavior trees, SCXML machines) exactly as {@code canopy run} will
 * (with the built-in and navigation leaves), to report their errors before anything runs.
 */
public final class Artifacts {
    private Artifacts() {}

    public static List<String> checkAll(LaunchPlan plan) {
        List<String> errors = new ArrayList<>();
        for (NodePlan node : plan.nodes()) {
            Map<String, Statechart> charts = new HashMap<>();
            for (MachinePlan m : node.machines()) {
                Statechart c = checkMachine(m.file(), errors, m.source());
                if (c != null) {
                    charts.put(m.name(), c);
                    checkParams(m, c, errors);
                }
            }
            for (TreePlan t : node.trees()) {
                Tree tree = checkTree(t.file(), errors, t.source(), node.devices(), node.foreign(), node.remotes());
                if (tree != null && t.main() != null && !t.main().equals(tree.id())) {
                    errors.add(t.source() + ": attribute 'main': \"" + t.main() + "\" is not the tree this file runs ('"
                            + tree.id() + "', its main_tree_to_execute); set main_tree_to_execute in " + t.file().getFileName());
                }
                Statechart gate = t.machine() == null ? null : charts.get(t.machine());
                if (gate != null && gate.stateIndex(t.state()) < 0) {
                    errors.add(t.source() + ": attribute 'active_in': machine '" + t.machine() + "' has no state '" + t.state()
                            + "'" + Names.suggestion(t.state(), gate.stateIds()) + "; its states are " + String.join(", ", gate.stateIds()));
                }
            }
        }
        return errors;
    }

    /** Every {@code <param>} of a machine must name a {@code <data>} item of its datamodel. */
    private static void checkParams(MachinePlan m, Statechart chart, List<String> errors) {
        if (m.params().isEmpty()) {
            return;
        }
        Machine probe = chart.newMachine(
                new MachineContext(new DeadlineTimerQueue(new ManualNanoClock())));
        for (String name : m.params().keySet()) {
            if (probe.data(name) == null) {
                errors.add(m.source() + ": <param name=\"" + name + "\">: machine '" + m.name() + "' (" + m.file().getFileName()
                        + ") has no <data id=\"" + name + "\">; declare it in its <datamodel>, or remove the parameter");
            }
        }
    }

    /** The errors of trees and machines named by a launch file that itself has errors (every error at once). */
    public static List<String> checkFiles(List<NamedTree> trees, List<MachinePlan> machines) {
        List<String> errors = new ArrayList<>();
        Set<Path> seen = new HashSet<>();
        for (MachinePlan m : machines) {
            if (seen.add(m.file())) {
                checkMachine(m.file(), errors, m.source());
            }
        }
        for (NamedTree n : trees) {
            TreePlan t = n.plan();
            if (seen.add(t.file())) {
                checkTree(t.file(), errors, t.source(), null, n.foreign(), List.of());
            }
        }
        return errors;
    }

    /**
     * The registry {@code canopy run} and {@code canopy validate} load trees with: every built-in, the
     * {@code StateMachine} node (a statechart inside a tree) and the demo's navigation leaves.
     */
    public static NodeRegistry registry() {
        return withRunLeaves(NodeRegistry.withBuiltins());
    }

    /**
     * Adds what every tree of {@code canopy run} can use beyond the built-ins to {@code registry} (a copy is
     * the caller's business): the {@code StateMachine} node and the navigation leaves ({@code DriveTo},
     * {@code Turn}, {@code Move}), the MAVLink ({@code Mav*}) and Dynamixel ({@code Dxl*}) nodes. {@code run}, {@code validate} and {@code nodes --xml} use the same set.
     */
    public static NodeRegistry withRunLeaves(NodeRegistry registry) {
        registry.registerReplacing(StateMachineNode.TYPE);
        MavlinkNodes.register(registry);
        DynamixelNodes.register(registry);
        FleetLeaves.register(registry);
        return NavLeaves.register(registry);
    }

    public static void checkTree(Path file, List<String> errors) {
        checkTree(file, errors, null, null, ForeignNodesPlan.NONE, List.of());
    }

    /**
     * With {@code devices} (a launch file's node), the Mav* and Dxl* nodes check their names against them; with
     * {@code foreign}, the node's plugins and palettes apply; its {@code <remote>} types are checked with their declared ports.
     */
    private static Tree checkTree(Path file, List<String> errors, Source from, DevicePlans devices, ForeignNodesPlan foreign,
            List<RemotePlan> remotes) {
        Path shown = LaunchLoader.display(file.toAbsolutePath().normalize());
        try {
            TreeContext context = new TreeContext(new DeadlineTimerQueue(new ManualNanoClock()), 0);
            return foreign.loader(RemoteNodes.declare(registry(), remotes)).loadFile(shown, Blackboard.create(),
                    devices == null ? context : DeviceStandIns.services(context, devices));
        } catch (InputException e) {
            e.getMessage().lines().forEach(line -> errors.add(line + via(from)));
            return null;
        }
    }

    private static Statechart checkMachine(Path file, List<String> errors, Source from) {
        Path shown = LaunchLoader.display(file.toAbsolutePath().normalize());
        try {
            return ScxmlLoader.load(shown);
        } catch (InputException e) {
            e.getMessage().lines().forEach(line -> errors.add(line + via(from)));
            return null;
        }
    }

    private static String via(Source from) {
        return from == null ? "" : " (named by " + from + ")";
    }
}

package io.canopy.launch;

import io.canopy.InputException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Loads the files a launch plan names (behavior trees, SCXML machines) the way {@code canopy run} will,
 * to report their errors before anything runs.
 */
final class Artifacts {
    private Artifacts() {}

    static List<String> checkAll(LaunchPlan plan) {
        List<String> errors = new ArrayList<>();
        for (NodePlan node : plan.nodes()) {
            for (TreePlan t : node.trees()) {
                checkTree(t.file(), t.main(), errors, t.source());
            }
            for (MachinePlan m : node.machines()) {
                checkMachine(m.file(), errors, m.source());
            }
        }
        return errors;
    }

    static void checkTree(Path file, String main, List<String> errors) {
        checkTree(file, main, errors, null);
    }

    static void checkMachine(Path file, List<String> errors) {
        checkMachine(file, errors, null);
    }

    private static void checkTree(Path file, String main, List<String> errors, Source from) {
        checkRoot(file, "root", "<root BTCPP_format=\"4\">", errors, from);
    }

    private static void checkMachine(Path file, List<String> errors, Source from) {
        checkRoot(file, "scxml", "<scxml>", errors, from);
    }

    private static void checkRoot(Path file, String rootName, String example, List<String> errors, Source from) {
        Path shown = LaunchLoader.display(file.toAbsolutePath().normalize());
        String via = from == null ? "" : " (named by " + from + ")";
        try {
            XmlElement root = SafeXml.parseLenient(shown);
            if (root == null || !root.name.equals(rootName)) {
                errors.add(shown + ":" + (root == null ? 1 : root.line) + ":" + (root == null ? 1 : root.column)
                        + ": the root element must be " + example + via);
            }
        } catch (InputException e) {
            errors.add(e.getMessage() + via);
        }
    }
}

package io.canopy.launch.read;

import io.canopy.Names;
import io.canopy.launch.plan.DeployPlan;
import io.canopy.launch.plan.MachinePlan;
import io.canopy.launch.plan.TreePlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads a node's {@code <deploy only="patrol,mission" rollback_window_s="30"/>}: at most one, no children; the names in
 * {@code only} must be trees or machines of the node (checked by {@link #finish} once they are all read).
 */
final class DeployReader {
    private final Substitutions subst;
    private final List<String> errors;
    private DeployPlan plan = DeployPlan.NONE;
    private ElementReader reader;

    DeployReader(Substitutions subst, List<String> errors) {
        this.subst = subst;
        this.errors = errors;
    }

    void read(XmlElement e) {
        ElementReader r = new ElementReader(e, subst, errors, "only", "rollback_window_s");
        for (XmlElement c : e.children) {
            errors.add(c.where() + ": <deploy> takes no child elements; remove <" + c.name + ">");
        }
        if (!r.enabled()) {
            return;
        }
        if (plan.enabled()) {
            r.error("a second <deploy> in this node (the first is at " + plan.source() + "); keep one");
            return;
        }
        String only = r.string("only", "");
        long windowS = r.integer("rollback_window_s", DeployPlan.DEFAULT_ROLLBACK_WINDOW_MS / 1000, 0, 86_400, "seconds");
        List<String> names = new ArrayList<>();
        for (String n : only.split(",")) {
            if (!n.isBlank()) {
                names.add(n.strip());
            }
        }
        plan = new DeployPlan(true, names, windowS * 1000, e.source());
        reader = r;
    }

    /** The plan, once the node's trees and machines are known (an unknown name in {@code only} is an error). */
    DeployPlan finish(List<TreePlan> trees, List<MachinePlan> machines) {
        Set<String> known = new TreeSet<>();
        trees.forEach(t -> known.add(t.name()));
        machines.forEach(m -> known.add(m.name()));
        for (String n : plan.only()) {
            if (!known.contains(n)) {
                reader.error("attribute 'only': no tree or statemachine named '" + n + "' in this node" + Names.suggestion(n, known)
                        + "; name trees and machines of this node, comma-separated (" + String.join(", ", known) + ")");
            }
        }
        return plan;
    }
}

package io.canopy.launch.report;

import io.canopy.InputException;
import io.canopy.Names;
import io.canopy.bt.Node;
import io.canopy.bt.Tree;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@code --trace [FILTER]} shows of a node: FILTER is empty (everything) or a comma-separated list of
 * {@code TREE} (that whole tree), {@code MACHINE} (that machine's steps), {@code NODE} (the tree nodes of that
 * name, and what is under them, in every tree) and {@code TREE/NODE} (in that tree only). A name that matches
 * nothing is an error naming the closest names.
 */
final class TraceFilter {
    /** Per tree: null = every node, else the node names shown; trees not in the map are not shown. */
    private final Map<String, Set<String>> trees = new LinkedHashMap<>();
    private final Set<String> allTrees = new LinkedHashSet<>();
    private final Set<String> machines = new LinkedHashSet<>();

    private TraceFilter() {}

    /**
     * @param treesByName the node's trees
     * @param machineNames the node's machines
     */
    static TraceFilter parse(String filter, Map<String, Tree> treesByName, List<String> machineNames) {
        TraceFilter f = new TraceFilter();
        if (filter.isBlank()) {
            f.allTrees.addAll(treesByName.keySet());
            f.machines.addAll(machineNames);
            return f;
        }
        List<String> errors = new ArrayList<>();
        for (String raw : filter.split(",")) {
            String item = raw.strip();
            if (item.isEmpty()) {
                continue;
            }
            int slash = item.indexOf('/');
            if (slash >= 0) {
                String treeName = item.substring(0, slash).strip();
                String nodeName = item.substring(slash + 1).strip();
                Tree tree = treesByName.get(treeName);
                if (tree == null) {
                    errors.add("--trace " + item + ": no tree named '" + treeName + "'" + Names.suggestion(treeName, treesByName.keySet())
                            + "; the trees are " + String.join(", ", treesByName.keySet()));
                } else if (!nodeNames(tree).contains(nodeName)) {
                    errors.add("--trace " + item + ": tree '" + treeName + "' has no node named '" + nodeName + "'"
                            + Names.suggestion(nodeName, nodeNames(tree)));
                } else {
                    f.addNode(treeName, nodeName);
                }
                continue;
            }
            boolean matched = false;
            if (treesByName.containsKey(item)) {
                f.allTrees.add(item);
                matched = true;
            }
            if (machineNames.contains(item)) {
                f.machines.add(item);
                matched = true;
            }
            for (Map.Entry<String, Tree> t : treesByName.entrySet()) {
                if (nodeNames(t.getValue()).contains(item)) {
                    f.addNode(t.getKey(), item);
                    matched = true;
                }
            }
            if (!matched) {
                Set<String> known = new LinkedHashSet<>(treesByName.keySet());
                known.addAll(machineNames);
                treesByName.values().forEach(t -> known.addAll(nodeNames(t)));
                errors.add("--trace " + item + ": no tree, machine or tree node is named '" + item + "'"
                        + Names.suggestion(item, known) + "; write TREE, MACHINE, NODE or TREE/NODE, several separated by commas");
            }
        }
        if (!errors.isEmpty()) {
            throw new InputException(String.join("\n", errors));
        }
        return f;
    }

    private void addNode(String tree, String node) {
        trees.computeIfAbsent(tree, k -> new LinkedHashSet<>()).add(node);
    }

    private static Set<String> nodeNames(Tree tree) {
        Set<String> names = new LinkedHashSet<>();
        tree.forEachNode((Node n) -> names.add(n.name()));
        return names;
    }

    boolean showsTree(String tree) {
        return allTrees.contains(tree) || trees.containsKey(tree);
    }

    /** Null: every node of the tree; else the names whose nodes (and what is under them) are shown. */
    Set<String> nodesOf(String tree) {
        return allTrees.contains(tree) ? null : trees.get(tree);
    }

    boolean showsMachine(String machine) {
        return machines.contains(machine);
    }
}

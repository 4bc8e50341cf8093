package io.canopy.launch.graph;

import io.canopy.bt.load.TreeOutline;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A BehaviorTree.CPP v4 XML tree as Graphviz DOT: one box per control node, a hexagon per decorator, an
 * ellipse per leaf (conditions in grey); {@code <SubTree>}s are expanded in place inside a dashed cluster
 * (trees from {@code <include path>} files too). Labels show the node type, its {@code name} and its ports.
 * {@link #cluster} writes the tree as one cluster of a bigger digraph (a launch file's machines and trees).
 */
final class TreeDot {
    static final Set<String> CONTROLS = Set.of("Sequence", "SequenceWithMemory", "AsyncSequence", "ReactiveSequence",
            "Fallback", "AsyncFallback", "ReactiveFallback", "Parallel", "ParallelAll", "IfThenElse", "WhileDoElse",
            "Switch2", "Switch3", "Switch4", "Switch5", "Switch6", "TryCatch", "GuardSelector", "All", "SelectP",
            "Either", "RandomChoice", "RandomEach", "Loop", "LoopUntil", "ExternalChoice");
    static final Set<String> DECORATORS = Set.of("Inverter", "ForceSuccess", "ForceFailure", "Repeat",
            "RetryUntilSuccessful", "KeepRunningUntilFailure", "RunOnce", "Delay", "Timeout", "Precondition",
            "LoopInt", "LoopDouble", "LoopString", "LoopBool", "SkipUnlessUpdated", "WaitValueUpdate", "OnEvent",
            "Guard", "OnCancel", "UntilSuccess", "UntilFailure", "Map", "Bind", "Maybe", "Always", "Never", "Trace",
            "Timer", "TickEater", "Update");

    private Map<String, TreeOutline.Element> trees;
    private final StringBuilder out = new StringBuilder();
    private final Deque<String> expanding = new ArrayDeque<>();
    /** Put before every node and cluster id ("" for a digraph of its own). */
    private final String prefix;
    private int next;

    private TreeDot(String prefix) {
        this.prefix = prefix;
    }

    /**
     * DOT of {@code main} (or the tree the loader would run: {@code main_tree_to_execute}, the only tree, or the
     * one no other tree references), read as the loader reads it (lenient syntax, includes, a lone tree without ID).
     */
    static String render(Path file, String main, List<Path> searchPath) {
        TreeDot d = new TreeDot("");
        TreeOutline outline = TreeOutline.read(file, main, searchPath);
        String id = outline.mainId();
        d.out.append("digraph \"").append(Dot.escape(id)).append("\" {\n");
        d.body(outline, "  ");
        return d.out.append("}\n").toString();
    }

    /**
     * As {@link #render}, as {@code subgraph "cluster_PREFIX"} labelled with the tree's ID, for a digraph that holds
     * several trees and charts: every node and cluster id starts with {@code prefix}, so they stay apart.
     */
    static String cluster(Path file, String main, List<Path> searchPath, String prefix) {
        TreeDot d = new TreeDot(prefix);
        TreeOutline outline = TreeOutline.read(file, main, searchPath);
        d.out.append("  subgraph \"cluster_").append(prefix).append("\" {\n    label=\"")
                .append(Dot.escape(outline.mainId())).append("\";\n");
        d.body(outline, "    ");
        return d.out.append("  }\n").toString();
    }

    private void body(TreeOutline outline, String indent) {
        trees = outline.trees();
        String id = outline.mainId();
        out.append(indent).append("rankdir=TB;\n").append(indent).append("node [fontname=\"Helvetica\" fontsize=10];\n")
                .append(indent).append("edge [arrowsize=0.6];\n");
        expanding.push(id);
        node(trees.get(id), indent);
    }

    /** Writes the node for {@code e} and its subtree; returns its DOT id. */
    private String node(TreeOutline.Element e, String indent) {
        String id = prefix.isEmpty() ? "n" + next++ : "\"" + prefix + "n" + next++ + "\"";
        String element = e.name();
        Map<String, String> attributes = e.attributes();
        String type = element.equals("Action") || element.equals("Condition") || element.equals("Control")
                || element.equals("Decorator") ? attributes.getOrDefault("ID", element) : element;
        boolean subTree = type.equals("SubTree") || type.equals("SubTreePlus")
                || (e.children().isEmpty() && trees.containsKey(type) && !attributes.containsKey("ID"));
        StringBuilder label = new StringBuilder(type);
        String name = attributes.get("name");
        if (name != null && !name.equals(type)) {
            label.append("\\n\\\"").append(Dot.escape(name)).append("\\\"");
        }
        for (Map.Entry<String, String> a : attributes.entrySet()) {
            if (!a.getKey().equals("name") && !a.getKey().equals("ID")) {
                label.append("\\n").append(Dot.escape(a.getKey())).append('=').append(Dot.escape(a.getValue()));
            }
        }
        String shape;
        if (subTree) {
            shape = "shape=box style=\"rounded,dashed\"";
        } else if (CONTROLS.contains(type) || element.equals("Control")) {
            shape = "shape=box style=rounded";
        } else if (DECORATORS.contains(type) || element.equals("Decorator")) {
            shape = "shape=hexagon";
        } else if (element.equals("Condition") || type.endsWith("Condition") || type.startsWith("Is") || type.startsWith("Check")) {
            shape = "shape=ellipse style=filled fillcolor=\"#e8e8e8\"";
        } else {
            shape = "shape=ellipse";
        }
        out.append(indent).append(id).append(" [label=\"").append(label).append("\" ").append(shape).append("];\n");
        if (subTree) {
            subTree(type.startsWith("SubTree") ? attributes.get("ID") : type, id, indent);
        }
        for (TreeOutline.Element c : e.children()) {
            String child = node(c, indent);
            out.append(indent).append(id).append(" -> ").append(child).append(";\n");
        }
        return id;
    }

    private void subTree(String ref, String id, String indent) {
        TreeOutline.Element target = ref == null ? null : trees.get(ref);
        if (target == null || expanding.contains(ref)) {
            return; // unknown or recursive: the box alone (validate reports it)
        }
        expanding.push(ref);
        out.append(indent).append("subgraph ").append(prefix.isEmpty() ? "cluster_" + id
                : "\"cluster_" + id.substring(1)).append(" {\n");
        out.append(indent).append("  label=\"").append(Dot.escape(ref)).append("\" style=dashed color=grey;\n");
        String child = node(target, indent + "  ");
        out.append(indent).append("  ").append(id).append(" -> ").append(child).append(";\n");
        out.append(indent).append("}\n");
        expanding.pop();
    }
}

package io.canopy.launch;

import io.canopy.InputException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A BehaviorTree.CPP v4 XML tree as Graphviz DOT: one box per control node, a hexagon per decorator, an
 * ellipse per leaf (conditions in grey); {@code <SubTree>}s are expanded in place inside a dashed cluster
 * (trees from {@code <include path>} files too). Labels show the node type, its {@code name} and its ports.
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

    private final Map<String, XmlElement> trees = new LinkedHashMap<>();
    private final StringBuilder out = new StringBuilder();
    private final Deque<String> expanding = new ArrayDeque<>();
    private int next;

    private TreeDot() {}

    /** DOT of {@code main} (or the file's {@code main_tree_to_execute}, or its only tree). */
    static String render(Path file, String main) {
        TreeDot d = new TreeDot();
        XmlElement root = SafeXml.parseLenient(file);
        if (!root.name.equals("root")) {
            throw new InputException(file + ":" + root.line + ":" + root.column + ": <" + root.name
                    + ">: not a behavior tree; the root element must be <root BTCPP_format=\"4\">");
        }
        d.collect(root, new ArrayDeque<>());
        String id = main != null ? main : root.attributes.get("main_tree_to_execute");
        if (id == null) {
            if (d.trees.size() != 1) {
                throw new InputException(file + ": " + d.trees.size() + " <BehaviorTree>s and no main_tree_to_execute; "
                        + "say which to draw with --main ID (one of " + String.join(", ", d.trees.keySet()) + ")");
            }
            id = d.trees.keySet().iterator().next();
        }
        XmlElement tree = d.trees.get(id);
        if (tree == null) {
            throw new InputException(file + ": no <BehaviorTree ID=\"" + id + "\">" + Names.suggestion(id, d.trees.keySet())
                    + "; the trees are " + String.join(", ", d.trees.keySet()));
        }
        d.out.append("digraph \"").append(Dot.escape(id)).append("\" {\n");
        d.out.append("  rankdir=TB;\n  node [fontname=\"Helvetica\" fontsize=10];\n  edge [arrowsize=0.6];\n");
        d.expanding.push(id);
        for (XmlElement child : tree.children) {
            d.node(child, "  ");
        }
        d.out.append("}\n");
        return d.out.toString();
    }

    private void collect(XmlElement root, Deque<Path> seen) {
        Path here = root.file.toAbsolutePath().normalize();
        if (seen.contains(here)) {
            return;
        }
        seen.push(here);
        for (XmlElement c : root.children) {
            if (c.name.equals("BehaviorTree") && c.attributes.containsKey("ID")) {
                trees.putIfAbsent(c.attributes.get("ID"), c);
            } else if (c.name.equals("include") && c.attributes.containsKey("path")) {
                Path inc = here.getParent().resolve(c.attributes.get("path")).normalize();
                XmlElement included;
                try {
                    included = SafeXml.parseLenient(LaunchLoader.display(inc));
                } catch (InputException e) {
                    throw new InputException(c.where() + ": <include path=\"" + c.attributes.get("path") + "\">: "
                            + e.getMessage());
                }
                collect(included, seen);
            }
        }
    }

    /** Writes the node for {@code e} and its subtree; returns its DOT id. */
    private String node(XmlElement e, String indent) {
        String id = "n" + next++;
        String type = e.name.equals("Action") || e.name.equals("Condition") || e.name.equals("Control")
                || e.name.equals("Decorator") ? e.attributes.getOrDefault("ID", e.name) : e.name;
        StringBuilder label = new StringBuilder(type);
        String name = e.attributes.get("name");
        if (name != null && !name.equals(type)) {
            label.append("\\n\\\"").append(Dot.escape(name)).append("\\\"");
        }
        for (Map.Entry<String, String> a : e.attributes.entrySet()) {
            if (!a.getKey().equals("name") && !a.getKey().equals("ID")) {
                label.append("\\n").append(Dot.escape(a.getKey())).append('=').append(Dot.escape(a.getValue()));
            }
        }
        String shape;
        if (type.equals("SubTree")) {
            shape = "shape=box style=\"rounded,dashed\"";
        } else if (CONTROLS.contains(type) || e.name.equals("Control")) {
            shape = "shape=box style=rounded";
        } else if (DECORATORS.contains(type) || e.name.equals("Decorator")) {
            shape = "shape=hexagon";
        } else if (e.name.equals("Condition") || type.endsWith("Condition") || type.startsWith("Is") || type.startsWith("Check")) {
            shape = "shape=ellipse style=filled fillcolor=\"#e8e8e8\"";
        } else {
            shape = "shape=ellipse";
        }
        out.append(indent).append(id).append(" [label=\"").append(label).append("\" ").append(shape).append("];\n");
        if (type.equals("SubTree")) {
            subTree(e, id, indent);
        }
        for (XmlElement c : e.children) {
            String child = node(c, indent);
            out.append(indent).append(id).append(" -> ").append(child).append(";\n");
        }
        return id;
    }

    private void subTree(XmlElement e, String id, String indent) {
        String ref = e.attributes.get("ID");
        XmlElement target = ref == null ? null : trees.get(ref);
        if (target == null || expanding.contains(ref)) {
            return; // unknown or recursive: the box alone (validate reports it)
        }
        expanding.push(ref);
        out.append(indent).append("subgraph cluster_").append(id).append(" {\n");
        out.append(indent).append("  label=\"").append(Dot.escape(ref)).append("\" style=dashed color=grey;\n");
        for (XmlElement c : target.children) {
            String child = node(c, indent + "  ");
            out.append(indent).append("  ").append(id).append(" -> ").append(child).append(";\n");
        }
        out.append(indent).append("}\n");
        expanding.pop();
    }
}

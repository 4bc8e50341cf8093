package io.canopy.bt;

import io.canopy.InputException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Loads BehaviorTree.CPP v4 XML ({@code <root BTCPP_format="4">}): several {@code <BehaviorTree>}s,
 * {@code main_tree_to_execute}, {@code <SubTree>} with remapping and {@code _autoremap}, {@code <include
 * path>} (relative to the including file), {@code <TreeNodesModel>} SubTree port defaults, compact
 * ({@code <Sequence>}) and explicit ({@code <Control ID="Sequence">}) elements. Every error is an
 * {@link InputException} naming file, line, column and element and saying how to fix it.
 */
public final class XmlTreeLoader {
    private final NodeRegistry registry;

    public XmlTreeLoader(NodeRegistry registry) {
        this.registry = registry;
    }

    /** Loads {@code file} and builds its main tree on {@code blackboard} (entries written before stay). */
    public Tree loadFile(Path file, Blackboard blackboard, TreeContext context) {
        return TreeAssembler.assemble(parseFile(file), registry, blackboard, context);
    }

    /** Loads XML text (includes are relative to the working directory). */
    public Tree loadText(String xml, Blackboard blackboard, TreeContext context) {
        return TreeAssembler.assemble(parseText(xml, null), registry, blackboard, context);
    }

    TreeDocument parseFile(Path file) {
        TreeDocument doc = new TreeDocument();
        doc.file = file.toString();
        readFile(file, doc, new HashSet<>(), true);
        return doc;
    }

    TreeDocument parseText(String xml, Path baseDir) {
        TreeDocument doc = new TreeDocument();
        NodeSpec root = XmlReader.read(new StringReader(xml), null);
        addDocument(root, baseDir == null ? Path.of("").toAbsolutePath() : baseDir, doc, new HashSet<>(), true);
        return doc;
    }

    private void readFile(Path file, TreeDocument doc, Set<Path> including, boolean first) {
        Path abs = file.toAbsolutePath().normalize();
        if (!including.add(abs)) {
            throw new InputException(file + ": includes itself (through <include>); remove the cycle");
        }
        String text = TextFile.read(file, "a behavior-tree file (<root BTCPP_format=\"4\">)");
        NodeSpec root = XmlReader.read(new StringReader(text), file.toString());
        addDocument(root, abs.getParent(), doc, including, first);
        including.remove(abs);
    }

    private void addDocument(NodeSpec root, Path baseDir, TreeDocument doc, Set<Path> including, boolean first) {
        if (!root.element.equals("root")) {
            throw new InputException(root.where() + ": the document element must be <root BTCPP_format=\"4\">");
        }
        String format = root.attributes.get("BTCPP_format");
        if (format != null && !format.equals("4")) {
            throw new InputException(root.where() + ": BTCPP_format=\"" + format
                    + "\" is not supported; Canopy reads version 4 (BTCPP_format=\"4\")");
        }
        if (first) {
            doc.mainTreeId = root.attributes.get("main_tree_to_execute");
        }
        int treeCount = 0;
        int models = 0;
        for (NodeSpec child : root.children) {
            switch (child.element) {
                case "BehaviorTree" -> treeCount++;
                case "TreeNodesModel" -> {
                    if (++models > 1) {
                        throw new InputException(child.where() + ": only one <TreeNodesModel> is allowed");
                    }
                }
                default -> {
                    // checked below
                }
            }
        }
        for (NodeSpec child : root.children) {
            switch (child.element) {
                case "include" -> include(child, baseDir, doc, including);
                case "BehaviorTree" -> addTree(child, doc, treeCount);
                case "TreeNodesModel" -> addModels(child, doc);
                default -> throw new InputException(child.where() + ": unexpected element under <root>; "
                        + "expected <BehaviorTree>, <include> or <TreeNodesModel>");
            }
        }
    }

    private void include(NodeSpec inc, Path baseDir, TreeDocument doc, Set<Path> including) {
        String path = inc.attributes.get("path");
        if (path == null || path.isEmpty()) {
            throw new InputException(inc.where() + ": <include> needs path=\"file.xml\"");
        }
        if (inc.attributes.containsKey("ros_pkg")) {
            throw new InputException(inc.where() + ": ros_pkg is not supported; give a path relative to "
                    + "this file");
        }
        Path p = Path.of(path);
        Path file = p.isAbsolute() ? p : baseDir.resolve(p);
        try {
            TextFile.read(file, "a behavior-tree file (<root BTCPP_format=\"4\">)");
        } catch (InputException e) {
            throw new InputException(inc.where() + ": <include path=\"" + path + "\">: " + e.getMessage()
                    + " (the path is relative to the including file)");
        }
        readFile(file, doc, including, false);
    }

    private void addTree(NodeSpec bt, TreeDocument doc, int treesInFile) {
        String id = bt.attributes.get("ID");
        if (id == null || id.isEmpty()) {
            if (treesInFile > 1) {
                throw new InputException(bt.where() + ": a file with several <BehaviorTree>s must give each "
                        + "an ID=\"...\"");
            }
            id = "BehaviorTree_" + doc.trees.size();
        }
        if (doc.trees.containsKey(id)) {
            throw new InputException(bt.where() + ": a <BehaviorTree ID=\"" + id + "\"> already exists (at "
                    + doc.trees.get(id).element().location() + "); give each tree its own ID");
        }
        if (bt.children.size() != 1) {
            throw new InputException(bt.where() + ": a <BehaviorTree> must have exactly 1 child (its root "
                    + "node), not " + bt.children.size());
        }
        doc.trees.put(id, new TreeDocument.TreeDef(id, bt, bt.children.get(0)));
    }

    private void addModels(NodeSpec models, TreeDocument doc) {
        for (NodeSpec model : models.children) {
            if (!model.element.equals("SubTree")) {
                continue;
            }
            String id = model.attributes.get("ID");
            if (id == null) {
                throw new InputException(model.where() + ": a <SubTree> model needs ID=\"...\"");
            }
            Map<String, TreeDocument.ModelPort> ports = new LinkedHashMap<>();
            for (NodeSpec port : model.children) {
                PortDirection dir = switch (port.element) {
                    case "input_port" -> PortDirection.INPUT;
                    case "output_port" -> PortDirection.OUTPUT;
                    case "inout_port" -> PortDirection.INOUT;
                    default -> null;
                };
                if (dir == null) {
                    continue;
                }
                String name = port.attributes.get("name");
                if (name == null) {
                    throw new InputException(port.where() + ": a port of a <SubTree> model needs name=\"...\"");
                }
                ports.put(name, new TreeDocument.ModelPort(name, dir, port.attributes.get("default")));
            }
            doc.subtreeModels.put(id, ports);
        }
    }

    /** The IDs of the trees in {@code file} and its includes, in document order. */
    public List<String> treeIds(Path file) {
        return new ArrayList<>(parseFile(file).trees.keySet());
    }
}

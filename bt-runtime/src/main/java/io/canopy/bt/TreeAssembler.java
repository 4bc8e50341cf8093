package io.canopy.bt;

import io.canopy.InputException;
import io.canopy.bt.decorator.SubTree;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a {@link TreeDocument} into nodes: checks the whole document first (unknown types with the nearest
 * names, child counts, SubTree IDs, recursion), then builds the main tree with one blackboard per SubTree
 * instance, resolving every port to its entry and compiling every script.
 */
final class TreeAssembler {
    private final TreeDocument doc;
    private final NodeRegistry registry;
    private final TreeContext context;
    private final ScriptCompiler scripts;
    private final List<Node> nodes = new ArrayList<>();

    private TreeAssembler(TreeDocument doc, NodeRegistry registry, TreeContext context) {
        this.doc = doc;
        this.registry = registry;
        this.context = context;
        this.scripts = ExprScripts.INSTANCE;
    }

    static Tree assemble(TreeDocument doc, NodeRegistry registry, Blackboard blackboard, TreeContext context) {
        TreeAssembler a = new TreeAssembler(doc, registry, context);
        String main = a.mainTreeId();
        a.verify();
        a.checkRecursion(main, new ArrayDeque<>());
        Node root = a.buildTree(main, blackboard);
        return new Tree(main, root, a.nodes.toArray(new Node[0]), blackboard, context);
    }

    private String source() {
        return doc.file == null ? "<text>" : doc.file;
    }

    private String mainTreeId() {
        if (doc.trees.isEmpty()) {
            throw new InputException(source() + ": no <BehaviorTree> found; add <BehaviorTree ID=\"Main\">...");
        }
        if (doc.mainTreeId != null) {
            if (!doc.trees.containsKey(doc.mainTreeId)) {
                throw new InputException(source() + ": main_tree_to_execute=\"" + doc.mainTreeId
                        + "\" names no <BehaviorTree>; the trees are " + doc.trees.keySet());
            }
            return doc.mainTreeId;
        }
        if (doc.trees.size() != 1) {
            throw new InputException(source() + ": several <BehaviorTree>s " + doc.trees.keySet()
                    + " but no main_tree_to_execute; add main_tree_to_execute=\"...\" to <root>");
        }
        return doc.trees.keySet().iterator().next();
    }

    private void verify() {
        for (TreeDocument.TreeDef def : doc.trees.values()) {
            if (registry.find(def.id()) != null) {
                throw new InputException(def.element().where() + ": the tree ID '" + def.id()
                        + "' is also a registered node type; rename the tree");
            }
            verify(def.root());
        }
    }

    private void verify(NodeSpec spec) {
        int children = spec.children.size();
        if (spec.isSubTree()) {
            String id = spec.attributes.get("ID");
            if (id == null || id.isEmpty()) {
                throw new InputException(spec.where() + ": a <SubTree> needs ID=\"...\" naming a <BehaviorTree>");
            }
            if (children != 0) {
                throw new InputException(spec.where() + ": a <SubTree> has no children; remove them");
            }
            if (registry.find(id) != null) {
                throw new InputException(spec.where() + ": '" + id + "' is a registered node type, not a tree; "
                        + "write <" + id + "/> or rename the tree");
            }
            if (!doc.trees.containsKey(id)) {
                throw new InputException(spec.where() + ": no <BehaviorTree ID=\"" + id + "\">; the trees are "
                        + doc.trees.keySet());
            }
            return;
        }
        String typeId = spec.typeId();
        if (typeId == null || typeId.isEmpty()) {
            throw new InputException(spec.where() + ": <" + spec.element + "> needs ID=\"...\" naming a node type");
        }
        NodeType type = registry.find(typeId);
        if (type == null) {
            String hint = doc.trees.containsKey(typeId)
                    ? "; to run the tree '" + typeId + "' write <SubTree ID=\"" + typeId + "\"/>"
                    : "; did you mean " + String.join(", ", registry.nearest(typeId, 3))
                            + "? (register custom nodes before loading)";
            throw new InputException(spec.where() + ": unknown node type '" + typeId + "'" + hint);
        }
        int min = type.minChildren();
        int max = type.maxChildren();
        if (children < min || (max >= 0 && children > max)) {
            String want = max == 0 ? "no children" : max == min ? "exactly " + min + (min == 1 ? " child" : " children")
                    : "at least " + min + (min == 1 ? " child" : " children");
            throw new InputException(spec.where() + ": " + type.kind().name().toLowerCase() + " '" + typeId
                    + "' takes " + want + ", found " + children);
        }
        if (typeId.equals("ReactiveSequence")) {
            int async = 0;
            for (NodeSpec c : spec.children) {
                if ("AsyncSequence".equals(c.typeId()) && ++async > 1) {
                    throw new InputException(spec.where() + ": a ReactiveSequence cannot have more than one "
                            + "asynchronous child (AsyncSequence); use a Sequence for the others");
                }
            }
        }
        for (NodeSpec c : spec.children) {
            verify(c);
        }
    }

    private void checkRecursion(String treeId, Deque<String> path) {
        path.addLast(treeId);
        checkRecursion(doc.trees.get(treeId).root(), path);
        path.removeLast();
    }

    private void checkRecursion(NodeSpec spec, Deque<String> path) {
        if (spec.isSubTree()) {
            String id = spec.attributes.get("ID");
            if (path.contains(id)) {
                throw new InputException(spec.where() + ": recursive SubTree: " + String.join(" -> ", path)
                        + " -> " + id + "; a tree cannot contain itself");
            }
            checkRecursion(id, path);
            return;
        }
        for (NodeSpec c : spec.children) {
            checkRecursion(c, path);
        }
    }

    private Node buildTree(String treeId, Blackboard bb) {
        return build(doc.trees.get(treeId).root(), bb, new HashSet<>());
    }

    private Node build(NodeSpec spec, Blackboard bb, Set<String> subtreeNames) {
        if (spec.isSubTree()) {
            return buildSubTree(spec, bb, subtreeNames);
        }
        NodeType type = registry.find(spec.typeId());
        Map<String, String> ports = new LinkedHashMap<>();
        Map<String, String> other = new LinkedHashMap<>();
        String[] hookCode = null;
        for (Map.Entry<String, String> a : spec.attributes.entrySet()) {
            String key = a.getKey();
            if (key.equals("name") || (key.equals("ID") && spec.isExplicit())) {
                continue;
            }
            int hook = hookIndex(key);
            if (hook >= 0) {
                hookCode = hookCode == null ? new String[Hooks.ATTRIBUTES.length] : hookCode;
                hookCode[hook] = a.getValue();
            } else if (key.startsWith("_")) {
                other.put(key, a.getValue());
            } else if (type.port(key) == null) {
                throw new InputException(spec.where() + ": unknown port '" + key + "'; " + portList(type));
            } else {
                ports.put(key, a.getValue());
            }
        }
        NodeInit init = new NodeInit(type, nameOf(spec, type), spec, context, bb, scripts,
                ports, other);
        Node node = create(type, init, spec);
        attachHooks(node, init, hookCode);
        nodes.add(node);
        if (!spec.children.isEmpty()) {
            Node[] kids = new Node[spec.children.size()];
            for (int i = 0; i < kids.length; i++) {
                kids[i] = build(spec.children.get(i), bb, subtreeNames);
            }
            if (node instanceof ControlNode c) {
                c.setChildren(kids);
            } else if (node instanceof DecoratorNode d) {
                d.setChild(kids[0]);
            } else {
                throw new InputException(spec.where() + ": '" + type.id() + "' takes no children");
            }
        } else if (node instanceof ControlNode c) {
            c.setChildren(new Node[0]);
        }
        return node;
    }

    private Node buildSubTree(NodeSpec spec, Blackboard bb, Set<String> subtreeNames) {
        String subId = spec.attributes.get("ID");
        String instance = spec.attributes.get("name");
        if (instance != null && !subtreeNames.add(instance)) {
            throw new InputException(spec.where() + ": another SubTree in this tree is also named '" + instance
                    + "'; give each SubTree instance its own name");
        }
        boolean autoremap = false;
        String auto = spec.attributes.get("_autoremap");
        if (auto != null) {
            try {
                autoremap = Values.parseBoolean(auto);
            } catch (IllegalArgumentException e) {
                throw new InputException(spec.where() + ": _autoremap: " + e.getMessage());
            }
        }
        Map<String, String> remap = new LinkedHashMap<>();
        Map<String, String> other = new LinkedHashMap<>();
        String[] hookCode = null;
        for (Map.Entry<String, String> a : spec.attributes.entrySet()) {
            String key = a.getKey();
            if (key.equals("ID") || key.equals("name")) {
                continue;
            }
            int hook = hookIndex(key);
            if (hook >= 0) {
                hookCode = hookCode == null ? new String[Hooks.ATTRIBUTES.length] : hookCode;
                hookCode[hook] = a.getValue();
            } else if (key.startsWith("_")) {
                other.put(key, a.getValue());
            } else {
                remap.put(key, a.getValue());
            }
        }
        Map<String, TreeDocument.ModelPort> model = doc.subtreeModels.get(subId);
        if (model != null) {
            for (TreeDocument.ModelPort p : model.values()) {
                if (!remap.containsKey(p.name()) && !autoremap) {
                    if (p.defaultValue() == null) {
                        throw new InputException(spec.where() + ": port '" + p.name() + "' of SubTree '" + subId
                                + "' has no default in <TreeNodesModel>; give " + p.name() + "=\"...\"");
                    }
                    remap.put(p.name(), p.defaultValue());
                }
            }
        }
        Blackboard child = bb.child(autoremap);
        for (Map.Entry<String, String> r : remap.entrySet()) {
            String key = NodeInit.blackboardKey(r.getValue(), r.getKey());
            if (key != null) {
                child.addRemapping(r.getKey(), key);
            } else {
                storeLiteral(child.local(r.getKey()), r.getValue());
            }
        }
        NodeInit init = new NodeInit(SubTree.TYPE, instance != null ? instance : subId, spec, context, bb, scripts,
                Map.of(), other);
        DecoratorNode node = new SubTree(init);
        attachHooks(node, init, hookCode);
        nodes.add(node);
        node.setChild(buildTree(subId, child));
        return node;
    }

    /** A literal SubTree port: numbers and booleans keep their type, anything else is a string. */
    private static void storeLiteral(Entry e, String text) {
        if (Values.isInteger(text)) {
            e.setLong(Values.parseLong(text));
        } else if (Values.isReal(text)) {
            e.setDouble(Double.parseDouble(text));
        } else if (text.equals("true") || text.equals("false")) {
            e.setBoolean(text.equals("true"));
        } else {
            e.setObject(text);
        }
    }

    private void attachHooks(Node node, NodeInit init, String[] hookCode) {
        if (hookCode == null) {
            return;
        }
        CompiledCode[] compiled = new CompiledCode[hookCode.length];
        for (int i = 0; i < hookCode.length; i++) {
            if (hookCode[i] != null) {
                compiled[i] = init.compile(hookCode[i], Hooks.ATTRIBUTES[i]);
            }
        }
        node.hooks = new Hooks(compiled);
    }

    private static Node create(NodeType type, NodeInit init, NodeSpec spec) {
        try {
            Node node = type.create(init);
            if (node == null) {
                throw new IllegalStateException("the factory of node type " + type.id() + " returned null");
            }
            return node;
        } catch (InputException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new InputException(spec.where() + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw new InputException(spec.where() + ": creating the node failed: " + e, e);
        }
    }

    private static String nameOf(NodeSpec spec, NodeType type) {
        String name = spec.attributes.get("name");
        return name != null ? name : type.id();
    }

    private static int hookIndex(String attribute) {
        for (int i = 0; i < Hooks.ATTRIBUTES.length; i++) {
            if (Hooks.ATTRIBUTES[i].equals(attribute)) {
                return i;
            }
        }
        return -1;
    }

    private static String portList(NodeType type) {
        if (type.ports().isEmpty()) {
            return type.id() + " has no ports (only name and the _xxx pre/post conditions)";
        }
        List<String> names = new ArrayList<>();
        for (Port p : type.ports()) {
            names.add(p.name());
        }
        return type.id() + " has the ports " + String.join(", ", names);
    }
}

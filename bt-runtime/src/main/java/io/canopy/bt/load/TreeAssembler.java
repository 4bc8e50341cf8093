package io.canopy.bt.load;

import io.canopy.InputException;
import io.canopy.Names;
import io.canopy.bt.Blackboard;
import io.canopy.bt.ControlNode;
import io.canopy.bt.DecoratorNode;
import io.canopy.bt.Entry;
import io.canopy.bt.Hooks;
import io.canopy.bt.Node;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.NodeSpec;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.bt.Values;
import io.canopy.bt.decorator.SubTree;
import io.canopy.bt.script.CompiledCode;
import io.canopy.bt.script.ExprScripts;
import io.canopy.bt.script.ScriptCompiler;
import io.canopy.expr.ScriptingEnums;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Turns a {@link TreeDocument} into nodes: checks the whole document first (unknown types with the nearest
 * names, child counts, SubTree IDs, recursion), then builds the main tree with one blackboard per SubTree
 * instance, resolving every port to its entry and compiling every script.
 */
public final class TreeAssembler {
    private final TreeDocument doc;
    private final NodeRegistry registry;
    private final TreeContext context;
    private final ScriptCompiler scripts;
    /** The scripting enums of the registry (plugins) and the palettes. */
    private final ScriptingEnums enums;
    private final List<Node> nodes = new ArrayList<>();

    /** At most this many errors are reported at once; the rest are counted. */
    static final int MAX_ERRORS = 100;

    /**
     * BehaviorTree.CPP's backward-compatible names, accepted with a deprecation warning: alias to v4 name.
     * (BT.CPP v4 registers {@code SequenceStar} for v3 files; the others are v3 spellings it once had.)
     */
    static final Map<String, String> ALIASES = Map.of(
            "SequenceStar", "SequenceWithMemory",
            "RetryUntilSuccesful", "RetryUntilSuccessful",
            "SubTreePlus", "SubTree");

    private final Palette palette;
    private final List<String> errors;

    private TreeAssembler(TreeDocument doc, NodeRegistry registry, Palette palette, List<String> errors,
            TreeContext context) {
        this.doc = doc;
        this.registry = registry;
        this.palette = palette;
        this.errors = errors;
        this.context = context;
        this.enums = palette.scriptingEnums(registry, errors);
        this.scripts = ExprScripts.with(enums);
    }

    public static Tree assemble(TreeDocument doc, NodeRegistry registry, Blackboard blackboard, TreeContext context) {
        return assemble(doc, registry, new Palette(), new ArrayList<>(), blackboard, context);
    }

    public static Tree assemble(TreeDocument doc, NodeRegistry registry, Palette palette, List<String> errors,
            Blackboard blackboard, TreeContext context) {
        TreeAssembler a = new TreeAssembler(doc, registry, palette, errors, context);
        a.normalize();
        String main = a.mainTreeId();
        a.verify();
        if (!errors.isEmpty()) {
            List<String> shown = new ArrayList<>(errors.subList(0, Math.min(MAX_ERRORS, errors.size())));
            if (errors.size() > MAX_ERRORS) {
                shown.add((errors.size() - MAX_ERRORS) + " more error(s) not shown; fix these first");
            }
            throw new InputException(String.join("\n", shown));
        }
        a.checkRecursion(main, new ArrayDeque<>());
        Node root = a.buildTree(main, blackboard);
        return new Tree(main, root, a.nodes.toArray(new Node[0]), blackboard, context);
    }

    private String source() {
        return doc.file == null ? "<text>" : doc.file;
    }

    /** Deprecated aliases become their v4 names; {@code <TreeId/>} naming a tree becomes a SubTree. */
    private void normalize() {
        for (TreeDocument.TreeDef def : doc.trees.values()) {
            normalize(def.root());
        }
    }

    private void normalize(NodeSpec spec) {
        String typeId = spec.typeId();
        if (typeId != null && registry.find(typeId) == null) {
            String alias = ALIASES.get(typeId);
            if (alias != null) {
                doc.warnings.add(spec.where() + ": '" + typeId + "' is a deprecated name of " + alias
                        + "; write " + alias + " (accepted as BehaviorTree.CPP does)");
                if (alias.equals("SubTree")) {
                    spec.element = "SubTree";
                    String shared = spec.attributes.remove("__shared_blackboard");
                    if (shared != null) {
                        spec.attributes.put("_autoremap", shared);
                    }
                } else if (spec.isExplicit()) {
                    spec.attributes.put("ID", alias);
                } else {
                    spec.element = alias;
                }
            } else if (!spec.isSubTree() && !spec.isExplicit() && doc.trees.containsKey(typeId)) {
                doc.warnings.add(spec.where() + ": '" + typeId + "' is a <BehaviorTree>, not a node type; write "
                        + "<SubTree ID=\"" + typeId + "\"/> (accepted as a SubTree)");
                spec.attributes.put("ID", typeId);
                spec.element = "SubTree";
            }
        }
        for (NodeSpec c : spec.children) {
            normalize(c);
        }
    }

    private String mainTreeId() {
        return mainTreeId(doc, source());
    }

    /** The main tree: main_tree_to_execute (or --main), the only tree, or the one tree no other references. */
    static String mainTreeId(TreeDocument doc, String source) {
        if (doc.trees.isEmpty()) {
            throw new InputException(source + ": no <BehaviorTree> found; add <BehaviorTree ID=\"Main\">...");
        }
        if (doc.mainTreeId != null) {
            if (!doc.trees.containsKey(doc.mainTreeId)) {
                throw new InputException(source + ": the main tree \"" + doc.mainTreeId + "\" names no <BehaviorTree>"
                        + Names.suggestion(doc.mainTreeId, doc.trees.keySet()) + "; the trees are "
                        + doc.trees.keySet());
            }
            return doc.mainTreeId;
        }
        if (doc.trees.size() == 1) {
            return doc.trees.keySet().iterator().next();
        }
        Set<String> referenced = new HashSet<>();
        for (TreeDocument.TreeDef def : doc.trees.values()) {
            collectReferences(def.root(), referenced);
        }
        List<String> roots = new ArrayList<>();
        for (String id : doc.trees.keySet()) {
            if (!referenced.contains(id)) {
                roots.add(id);
            }
        }
        if (roots.size() == 1) {
            return roots.get(0);
        }
        throw new InputException(source + ": several <BehaviorTree>s " + doc.trees.keySet()
                + " and no main_tree_to_execute; " + (roots.isEmpty() ? "" : roots + " are used by no other tree; ")
                + "say which to run with --main ID or main_tree_to_execute=\"...\" on <root>");
    }

    private static void collectReferences(NodeSpec spec, Set<String> out) {
        if (spec.isSubTree() && spec.attributes.get("ID") != null) {
            out.add(spec.attributes.get("ID"));
        } else if (!spec.isExplicit() && spec.children.isEmpty()) {
            out.add(spec.element); // <CheckStatus/> naming a tree is a SubTree (see normalize)
        }
        for (NodeSpec c : spec.children) {
            collectReferences(c, out);
        }
    }

    private void verify() {
        for (TreeDocument.TreeDef def : doc.trees.values()) {
            if (registry.find(def.id()) != null) {
                errors.add(def.element().where() + ": the tree ID '" + def.id()
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
                errors.add(spec.where() + ": a <SubTree> needs ID=\"...\" naming a <BehaviorTree>");
            } else if (children != 0) {
                errors.add(spec.where() + ": a <SubTree> has no children; remove them");
            } else if (registry.find(id) != null) {
                errors.add(spec.where() + ": '" + id + "' is a registered node type, not a tree; "
                        + "write <" + id + "/> or rename the tree");
            } else if (!doc.trees.containsKey(id)) {
                errors.add(spec.where() + ": no <BehaviorTree ID=\"" + id + "\">"
                        + Names.suggestion(id, doc.trees.keySet()) + "; the trees are " + doc.trees.keySet());
            }
            return;
        }
        String typeId = spec.typeId();
        if (typeId == null || typeId.isEmpty()) {
            errors.add(spec.where() + ": <" + spec.element + "> needs ID=\"...\" naming a node type");
            return;
        }
        NodeType type = registry.find(typeId);
        if (type == null) {
            Palette.Declaration declared = palette.declarations().get(typeId);
            String hint;
            if (declared != null) {
                hint = ": it is declared (" + declared.kind().xmlName() + " at " + declared.source()
                        + ") but nothing implements it; load a plugin, bind it to a remote worker, or use stand-ins "
                        + "(tree-test, --stub-unknown)";
            } else {
                Set<String> names = new TreeSet<>(registry.all().stream().map(NodeType::id).toList());
                names.addAll(palette.declarations().keySet());
                List<String> near = Names.near(typeId, names, 3);
                hint = (near.isEmpty() ? "" : "; did you mean " + String.join(", ", near) + "?")
                        + "; declare it in a palette (--palette FILE with a <TreeNodesModel>) or register it";
            }
            errors.add(spec.where() + ": unknown node type '" + typeId + "'" + hint);
            for (NodeSpec c : spec.children) {
                verify(c);
            }
            return;
        }
        int min = type.minChildren();
        int max = type.maxChildren();
        if (children < min || (max >= 0 && children > max)) {
            String want = max == 0 ? "no children" : max == min ? "exactly " + min + (min == 1 ? " child" : " children")
                    : "at least " + min + (min == 1 ? " child" : " children");
            errors.add(spec.where() + ": " + type.kind().name().toLowerCase() + " '" + typeId
                    + "' takes " + want + ", found " + children);
        }
        verifyPorts(spec, type);
        palette.checkEnumLiterals(spec, enums, errors);
        if (typeId.equals("ReactiveSequence")) {
            int async = 0;
            for (NodeSpec c : spec.children) {
                if ("AsyncSequence".equals(c.typeId()) && ++async > 1) {
                    errors.add(spec.where() + ": a ReactiveSequence cannot have more than one "
                            + "asynchronous child (AsyncSequence); use a Sequence for the others");
                    break;
                }
            }
        }
        for (NodeSpec c : spec.children) {
            verify(c);
        }
    }

    private void verifyPorts(NodeSpec spec, NodeType type) {
        for (String key : spec.attributes.keySet()) {
            if (key.equals("name") || (key.equals("ID") && spec.isExplicit()) || key.startsWith("_")) {
                continue;
            }
            if (type.port(key) == null) {
                List<String> names = type.ports().stream().map(Port::name).toList();
                errors.add(spec.where(key) + ": unknown port '" + key + "'" + Names.suggestion(key, names)
                        + "; " + portList(type));
            }
        }
        for (Port p : type.ports()) {
            if (p.isRequired() && p.defaultValue() == null && !spec.attributes.containsKey(p.name())) {
                errors.add(spec.where() + ": port '" + p.name() + "' is missing (" + type.id()
                        + " requires it); add " + p.name() + "=\"...\"");
            }
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
                throw new InputException(spec.where(key) + ": unknown port '" + key + "'; " + portList(type));
            } else {
                ports.put(key, a.getValue());
                if (NodeInit.unboundOutput(type.port(key), a.getValue())) {
                    String w = spec.where(key) + ": output port '" + key + "' is bound to \"" + a.getValue() + "\", not to a "
                            + "blackboard entry: what the node writes there is dropped (as BehaviorTree.CPP 4 does); write "
                            + key + "=\"{" + key + "}\" to keep it, or remove the attribute";
                    if (!doc.warnings.contains(w)) {
                        doc.warnings.add(w);
                    }
                }
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
        Object v = Values.literal(text);
        if (v instanceof Long l) {
            e.setLong(l);
        } else if (v instanceof Double d) {
            e.setDouble(d);
        } else if (v instanceof Boolean b) {
            e.setBoolean(b);
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

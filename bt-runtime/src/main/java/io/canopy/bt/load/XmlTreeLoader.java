package io.canopy.bt.load;

import io.canopy.InputException;
import io.canopy.bt.Blackboard;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.NodeSpec;
import io.canopy.bt.PortDirection;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.bt.standin.StandIn;
import io.canopy.bt.standin.StandInRules;
import io.canopy.bt.standin.StubUnknown;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.ManualNanoClock;
import java.nio.file.Files;
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
 * ({@code <Sequence>}) and explicit ({@code <Control ID="Sequence">}) elements. A BehaviorTree.CPP v3 file is
 * converted in memory as {@code canopy tree upgrade} converts it ({@link TreeUpgrade}), with one warning. Every error is an
 * {@link InputException} naming file, line, column and element and saying how to fix it.
 */
public final class XmlTreeLoader {
    private final NodeRegistry registry;
    private final Palette palette = new Palette();
    private final List<Path> searchPath = new ArrayList<>();
    private StandInRules standIns = StandInRules.NONE;
    private final List<String> warnings = new ArrayList<>();
    private boolean useStandIns;
    private String main;

    public XmlTreeLoader(NodeRegistry registry) {
        this.registry = registry;
    }

    /** Adds the node types declared by a palette file ({@code <TreeNodesModel>}, as Groot2 exports it). */
    public XmlTreeLoader withPalette(Path file) {
        palette.addFile(file);
        return this;
    }

    /** Which {@code <BehaviorTree>} to run, overriding {@code main_tree_to_execute} (null: the file decides). */
    public XmlTreeLoader withMain(String id) {
        this.main = id;
        return this;
    }

    /** Folders searched for {@code <include path>} (and {@code ros_pkg}) files not found beside the includer. */
    public XmlTreeLoader withSearchPath(List<Path> dirs) {
        searchPath.addAll(dirs);
        return this;
    }

    /**
     * Declared types nothing implements become stand-ins (validate, graph, tree-test, {@code --stub-unknown}):
     * {@code scripts} says what some of them do, the others succeed at once. Without this, such a type is an
     * error naming the palette that declared it.
     */
    public XmlTreeLoader withStandIns(Map<String, StandIn> scripts) {
        return withStandIns(StandInRules.ofTypes(scripts));
    }

    /** As {@link #withStandIns(Map)}, with substitution rules by type ID or node name (earlier rules first). */
    public XmlTreeLoader withStandIns(StandInRules rules) {
        useStandIns = true;
        standIns = standIns.then(rules);
        return this;
    }

    /** Warnings of the loads so far (lenient syntax, deprecated aliases, palette merges), one line each. */
    public List<String> warnings() {
        List<String> out = new ArrayList<>(warnings);
        out.addAll(palette.notes());
        return out;
    }

    /** Loads {@code file} and builds its main tree on {@code blackboard} (entries written before stay). */
    public Tree loadFile(Path file, Blackboard blackboard, TreeContext context) {
        return assemble(parseFile(file), blackboard, context);
    }

    /** Loads XML text (includes are relative to the working directory). */
    public Tree loadText(String xml, Blackboard blackboard, TreeContext context) {
        return assemble(parseText(xml, null), blackboard, context);
    }

    /**
     * Every problem of {@code file} (with its includes and palettes) without running anything, one line each
     * (empty when it loads); warnings go to {@link #warnings()}.
     */
    public List<String> check(Path file) {
        try {
            loadFile(file, Blackboard.create(), new TreeContext(
                    new DeadlineTimerQueue(new ManualNanoClock()), 0));
            return List.of();
        } catch (InputException e) {
            return List.of(e.getMessage().split("\n"));
        }
    }

    private Tree assemble(TreeDocument doc, Blackboard blackboard, TreeContext context) {
        warnings.addAll(doc.warnings);
        int read = doc.warnings.size(); // the reading's warnings (lenient syntax) are added once, not again below
        Palette all = new Palette().merge(palette).merge(doc.palette);
        NodeRegistry effective = registry;
        if (!all.declarations().isEmpty()) {
            effective = registry.copy();
            StandInRules stubs = StubUnknown.rules();
            if (useStandIns) {
                all.registerStandIns(effective, standIns);
            } else if (stubs != null) {
                List<Palette.Declaration> stubbed = all.registerStandIns(effective, stubs);
                String w = StubUnknown.report(stubbed.stream().map(Palette.Declaration::id).toList(),
                        stubbed.stream().map(d -> d.id() + " (" + d.kind().xmlName() + ", declared at " + d.source() + ")").toList());
                if (w != null) {
                    warnings.add("warning: " + w);
                }
            }
            warnings.addAll(all.shadowed());
        }
        if (main != null) {
            doc.mainTreeId = main;
        }
        List<String> paletteErrors = new ArrayList<>(doc.palette.errors());
        Tree t;
        try {
            t = TreeAssembler.assemble(doc, effective, all, paletteErrors, blackboard, context);
        } finally {
            warnings.addAll(doc.warnings.subList(read, doc.warnings.size())); // deprecated aliases, found while assembling
        }
        return t;
    }

    TreeDocument parseFile(Path file) {
        TreeDocument doc = new TreeDocument();
        doc.file = file.toString();
        readFile(file, doc, new HashSet<>(), true);
        return doc;
    }

    TreeDocument parseText(String xml, Path baseDir) {
        TreeDocument doc = new TreeDocument();
        NodeSpec root = read(xml, null, doc.warnings);
        addDocument(root, baseDir == null ? Path.of("").toAbsolutePath() : baseDir, doc, new HashSet<>(), true);
        return doc;
    }

    private void readFile(Path file, TreeDocument doc, Set<Path> including, boolean first) {
        Path abs = file.toAbsolutePath().normalize();
        if (!including.add(abs)) {
            throw new InputException(file + ": includes itself (through <include>); remove the cycle");
        }
        String text = TextFile.read(file, "a behavior-tree file (<root BTCPP_format=\"4\">)");
        NodeSpec root = read(text, file.toString(), doc.warnings);
        addDocument(root, abs.getParent(), doc, including, first);
        including.remove(abs);
    }

    /**
     * Reads one file's text. A BehaviorTree.CPP v3 file ({@code BTCPP_format="3"}, or no BTCPP_format and a
     * construct only v3 has) is converted in memory as {@code canopy tree upgrade} converts it and read as v4,
     * with one warning naming what was converted and where v4 runs it differently; what the conversion cannot do
     * (the {@code BlackboardCheck} decorators) is refused with the element and its v4 rewrite.
     */
    private static NodeSpec read(String text, String file, List<String> warnings) {
        List<String> lenient = new ArrayList<>();
        NodeSpec root = XmlReader.read(Leniency.fix(text, file, lenient), file);
        String format = root.attributes.get("BTCPP_format");
        String v3 = !root.element.equals("root") ? null
                : "3".equals(format) ? root.where()
                : format == null ? TreeUpgrade.v3Construct(root) : null;
        if (v3 == null) {
            warnings.addAll(lenient);
            return root;
        }
        String name = file == null ? "<text>" : file;
        String why = format == null ? "no BTCPP_format, and " + v3.substring(v3.lastIndexOf(": ") + 2)
                + " is v3 only" : "BTCPP_format=\"3\"";
        String upgrade = "'canopy tree upgrade " + (file == null ? "FILE" : file) + "'";
        TreeUpgrade.Result r = TreeUpgrade.upgrade(text, name, true);
        if (!r.unconverted().isEmpty()) {
            List<String> lines = new ArrayList<>();
            List<NodeSpec> checks = new ArrayList<>();
            blackboardChecks(root, checks);
            for (NodeSpec check : checks) {
                lines.add(check.where() + ": v4 has no BlackboardCheck; rewrite it as "
                        + TreeUpgrade.blackboardCheckRewrite(check.attributes) + " (this is a BehaviorTree.CPP v3 file: " + why + "; Canopy converts the rest when "
                        + "loading it, or " + upgrade + " rewrites the file)");
            }
            throw new InputException(String.join("\n", lines));
        }
        NodeSpec upgraded = XmlReader.read(Leniency.fix(r.text(), file, warnings), file);
        String prefix = name + ":";
        List<String> changed = r.changes().stream().map(c -> "line " + strip(c, prefix)).toList();
        List<String> differs = r.differences().stream().map(c -> "line " + strip(c, prefix)).toList();
        warnings.add(root.where() + ": BehaviorTree.CPP v3 file (" + why + "): converted in memory and run with v4 "
                + "semantics; converted: " + String.join("; ", changed)
                + (differs.isEmpty() ? "; v4 runs it as v3 did" : "; where v4 behaves differently from v3: "
                        + String.join("; ", differs))
                + "; run " + upgrade + " to make the conversion permanent (it keeps the original as .v3)");
        return upgraded;
    }

    private static String strip(String line, String prefix) {
        String s = line.startsWith(prefix) ? line.substring(prefix.length()) : line;
        int colon = s.indexOf(": ");
        String at = colon < 0 ? s : s.substring(0, colon);
        return (at.matches("\\d+:\\d+") ? at.substring(0, at.indexOf(':')) : at) + (colon < 0 ? "" : s.substring(colon));
    }

    private void addDocument(NodeSpec root, Path baseDir, TreeDocument doc, Set<Path> including, boolean first) {
        if (!root.element.equals("root")) {
            throw new InputException(root.where() + ": the document element must be <root BTCPP_format=\"4\">");
        }
        String format = root.attributes.get("BTCPP_format");
        if (format != null && !format.equals("4")) {
            throw new InputException(root.where() + ": BTCPP_format=\"" + format + "\" is a BehaviorTree.CPP v"
                    + format + " file; Canopy reads version 4 (and converts version 3 when loading it)");
        }
        if (format != null) {
            NodeSpec check = blackboardCheck(root);
            if (check != null && registry.find(check.typeId()) == null && !declares(root, check.typeId())) {
                throw new InputException(check.where() + ": " + check.typeId() + " is a BehaviorTree.CPP v3 node, which "
                        + "v4 no longer has, inside a file that says BTCPP_format=\"" + format + "\"; rewrite it as "
                        + TreeUpgrade.blackboardCheckRewrite(check.attributes));
            }
        }
        if (first) {
            doc.mainTreeId = root.attributes.get("main_tree_to_execute");
        }
        int treeCount = 0;
        int models = 0;
        for (NodeSpec child : root.children) {
            switch (child.element) {
                case "BehaviorTree" -> treeCount++;
                case "TreeNodesModel" -> models++;
                default -> {
                    // checked below
                }
            }
        }
        for (NodeSpec child : root.children) {
            switch (child.element) {
                case "include" -> include(child, baseDir, doc, including);
                case "BehaviorTree" -> addTree(child, doc, treeCount);
                case "TreeNodesModel" -> {
                    addModels(child, doc);
                    doc.palette.add(child);
                }
                default -> throw new InputException(child.where() + ": unexpected element under <root>; "
                        + "expected <BehaviorTree>, <include> or <TreeNodesModel>");
            }
        }
    }

    /** Whether a {@code <TreeNodesModel>} of this document declares node type {@code id} (its own implementation). */
    private static boolean declares(NodeSpec root, String id) {
        return root.children.stream().filter(c -> c.element.equals("TreeNodesModel"))
                .flatMap(m -> m.children.stream()).anyMatch(d -> id.equals(d.attributes.get("ID")));
    }

    private static void blackboardChecks(NodeSpec spec, List<NodeSpec> out) {
        if (spec.element.equals("TreeNodesModel")) {
            return;
        }
        if (TreeUpgrade.isBlackboardCheck(spec.typeId())) {
            out.add(spec);
        }
        for (NodeSpec c : spec.children) {
            blackboardChecks(c, out);
        }
    }

    /** The first v3 {@code BlackboardCheck*} decorator under {@code spec}, or null. */
    private static NodeSpec blackboardCheck(NodeSpec spec) {
        if (spec.element.equals("TreeNodesModel")) {
            return null;
        }
        if (TreeUpgrade.isBlackboardCheck(spec.typeId())) {
            return spec;
        }
        for (NodeSpec c : spec.children) {
            NodeSpec found = blackboardCheck(c);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    private void include(NodeSpec inc, Path baseDir, TreeDocument doc, Set<Path> including) {
        String path = inc.attributes.get("path");
        if (path == null || path.isEmpty()) {
            throw new InputException(inc.where() + ": <include> needs path=\"file.xml\"");
        }
        String pkg = inc.attributes.get("ros_pkg");
        Path p = Path.of(path);
        List<Path> candidates = new ArrayList<>();
        if (p.isAbsolute()) {
            candidates.add(p);
        } else {
            if (pkg == null) {
                candidates.add(baseDir.resolve(p));
            }
            for (Path dir : searchPath) {
                if (pkg != null) {
                    candidates.add(dir.resolve(pkg).resolve(p));
                    candidates.add(dir.resolve(pkg).resolve("share").resolve(pkg).resolve(p));
                }
                candidates.add(dir.resolve(p));
            }
        }
        Path file = null;
        for (Path c : candidates) {
            if (Files.isRegularFile(c)) {
                file = c;
                break;
            }
        }
        if (file == null) {
            throw new InputException(inc.where() + ": <include" + (pkg == null ? "" : " ros_pkg=\"" + pkg + "\"")
                    + " path=\"" + path + "\">: no such file (looked at " + candidates + "); "
                    + (searchPath.isEmpty() ? "the path is relative to the including file, or give --path DIR"
                            : "fix the path or add the folder with --path DIR"));
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

package io.canopy.bt.load;

import io.canopy.InputException;
import io.canopy.Names;
import io.canopy.bt.Entry;
import io.canopy.bt.NodeFactory;
import io.canopy.bt.NodeInit;
import io.canopy.bt.NodeKind;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.NodeSpec;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortDirection;
import io.canopy.bt.PortType;
import io.canopy.bt.Values;
import io.canopy.bt.control.Sequence;
import io.canopy.bt.standin.StandIn;
import io.canopy.bt.standin.StandInAction;
import io.canopy.bt.standin.StandInDecorator;
import io.canopy.bt.standin.StandInRule;
import io.canopy.bt.standin.StandInRules;
import io.canopy.bt.standin.nav2.Nav2ControlFlow;
import io.canopy.expr.ScriptingEnums;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Node types declared by {@code <TreeNodesModel>}s (the palette Groot2 exports, such as Nav2's
 * {@code nav2_tree_nodes.xml}, or the model inside a tree file): kind and ports of each custom type. Several
 * palettes merge: the same ID with other ports gets the union of the ports (the first description wins, a
 * note says so); the same ID with another kind (Action vs Control) is an error naming both files. Declared
 * types that nothing implements are registered as stand-ins ({@link #registerStandIns}).
 */
public final class Palette {
    /** One declared type: where it was declared, its kind and ports. */
    public record Declaration(String id, NodeKind kind, List<Port> ports, String description, String source) {}

    /** An {@code <enum name="Color" values="RED,GREEN,BLUE"/>} of a {@code <TreeNodesModel>}. */
    public record EnumDeclaration(String name, Map<String, Long> values, String source) {}

    private final Map<String, Declaration> declarations = new LinkedHashMap<>();
    private final List<EnumDeclaration> enums = new ArrayList<>();
    /** For each declared ID, the {@code type} attribute of each port as written (an enum's name, a C++ type). */
    private final Map<String, Map<String, String>> portTypeNames = new LinkedHashMap<>();
    private final List<String> notes = new ArrayList<>();
    private final List<String> errors = new ArrayList<>();
    private final List<String> shadowed = new ArrayList<>();

    /** Reads {@code file}: a {@code <root>} holding a {@code <TreeNodesModel>} (lenient like tree files). */
    public static Palette read(Path file) {
        Palette p = new Palette();
        p.addFile(file);
        return p;
    }

    /** Adds the {@code <TreeNodesModel>} of {@code file}; returns this. */
    public Palette addFile(Path file) {
        String text = TextFile.read(file, "a palette (<root><TreeNodesModel>...)");
        List<String> ignored = new ArrayList<>();
        NodeSpec root = XmlReader.read(Leniency.fix(text, file.toString(), ignored), file.toString());
        boolean found = false;
        for (NodeSpec c : root.children) {
            if (c.element.equals("TreeNodesModel")) {
                add(c);
                found = true;
            }
        }
        if (!found && root.element.equals("TreeNodesModel")) {
            add(root);
            found = true;
        }
        if (!found) {
            throw new InputException(root.where() + ": no <TreeNodesModel> in this palette file; a palette is "
                    + "<root BTCPP_format=\"4\"><TreeNodesModel><Action ID=\"...\">...</TreeNodesModel></root>");
        }
        return this;
    }

    /** Adds every declaration of a {@code <TreeNodesModel>} element (SubTree models are the loader's). */
    void add(NodeSpec model) {
        for (NodeSpec decl : model.children) {
            if (decl.element.equals("enum")) {
                addEnum(decl);
                continue;
            }
            NodeKind kind = switch (decl.element) {
                case "Action" -> NodeKind.ACTION;
                case "Condition" -> NodeKind.CONDITION;
                case "Control" -> NodeKind.CONTROL;
                case "Decorator" -> NodeKind.DECORATOR;
                default -> null;
            };
            if (kind == null) {
                if (!decl.element.equals("SubTree")) {
                    errors.add(decl.where() + ": unknown element in <TreeNodesModel>; expected <Action>, "
                            + "<Condition>, <Control>, <Decorator>, <SubTree> or <enum>");
                }
                continue;
            }
            String id = decl.attributes.get("ID");
            if (id == null || id.isEmpty()) {
                errors.add(decl.where() + ": a palette entry needs ID=\"...\"");
                continue;
            }
            List<Port> ports = new ArrayList<>();
            String description = "";
            for (NodeSpec p : decl.children) {
                PortDirection dir = switch (p.element) {
                    case "input_port" -> PortDirection.INPUT;
                    case "output_port" -> PortDirection.OUTPUT;
                    case "inout_port" -> PortDirection.INOUT;
                    default -> null;
                };
                if (dir == null) {
                    if (p.element.equals("description")) {
                        description = p.text.strip();
                    }
                    continue;
                }
                String name = p.attributes.get("name");
                if (name == null || name.isEmpty() || name.startsWith("_") || name.equals("ID") || name.equals("name")) {
                    errors.add(p.where() + ": a port needs name=\"...\" (not empty, ID, name or _xxx)");
                    continue;
                }
                if (ports.stream().anyMatch(q -> q.name().equals(name))) {
                    errors.add(p.where() + ": port '" + name + "' of '" + id + "' is declared twice; remove one");
                    continue;
                }
                Port port = switch (dir) {
                    case INPUT -> Port.input(name, portType(p.attributes.get("type")));
                    case OUTPUT -> Port.output(name, portType(p.attributes.get("type")));
                    case INOUT -> Port.inout(name, portType(p.attributes.get("type")));
                };
                String def = p.attributes.get("default");
                if (def != null && !converts(def, port.type())) {
                    notes.add(p.where() + ": the default \"" + def + "\" of port '" + name + "' of '" + id
                            + "' is not a " + p.attributes.get("type") + " (a C++ expression?); ignored");
                } else if (def != null) {
                    port = port.withDefault(def);
                }
                if (!p.text.isBlank()) {
                    port = port.describe(p.text.strip());
                }
                ports.add(port);
                if (p.attributes.get("type") != null) {
                    portTypeNames.computeIfAbsent(id, k -> new LinkedHashMap<>())
                            .putIfAbsent(name, p.attributes.get("type").strip());
                }
            }
            declare(new Declaration(id, kind, List.copyOf(ports), description, decl.location()));
        }
    }

    /** {@code <enum name="Color" values="RED,GREEN,BLUE"/>} (or {@code values="RED=1,GREEN=2"}). */
    private void addEnum(NodeSpec e) {
        String name = e.attributes.get("name");
        String values = e.attributes.get("values");
        if (name == null || !name.matches("[A-Za-z_][A-Za-z0-9_:]*")) {
            errors.add(e.where() + ": an <enum> needs name=\"...\" (a name, like Color)");
            return;
        }
        if (values == null || values.isBlank()) {
            errors.add(e.where() + ": <enum name=\"" + name + "\"> needs values=\"RED,GREEN,BLUE\" (or RED=1,GREEN=2)");
            return;
        }
        try {
            enums.add(new EnumDeclaration(name, ScriptingEnums.parse(values), e.location()));
        } catch (IllegalArgumentException x) {
            errors.add(e.where() + ": values: " + x.getMessage());
        }
    }

    /** The enums of these palettes. */
    public List<EnumDeclaration> enums() {
        return enums;
    }

    /**
     * The registry's scripting enums (plugins) and then the palettes'; contradictions (an enum declared twice
     * with other values, a value two enums number differently) go to {@code errors}, one line naming both places.
     */
    public ScriptingEnums scriptingEnums(NodeRegistry registry, List<String> errors) {
        ScriptingEnums all = registry.scriptingEnums().copy();
        for (EnumDeclaration d : enums) {
            String e = all.add(d.name(), d.values(), d.source());
            if (e != null && !errors.contains(e)) {
                errors.add(e);
            }
        }
        return all;
    }

    /**
     * A literal given to a port whose palette type is an enum must be one of its values (or a number): else
     * one line naming file:line:column, the port, the enum and its values.
     */
    void checkEnumLiterals(NodeSpec spec, ScriptingEnums known, List<String> errors) {
        Map<String, String> types = portTypeNames.get(spec.typeId());
        if (types == null || known.isEmpty()) {
            return;
        }
        for (Map.Entry<String, String> a : spec.attributes.entrySet()) {
            String enumName = types.get(a.getKey());
            Map<String, Long> values = enumName == null ? null : known.values(enumName);
            String text = a.getValue().strip();
            if (values == null || NodeInit.blackboardKey(text, a.getKey()) != null || values.containsKey(text)) {
                continue;
            }
            try {
                Values.parseLong(text);
            } catch (IllegalArgumentException notANumber) {
                errors.add(spec.where(a.getKey()) + ": port '" + a.getKey() + "': '" + text + "' is not a value of enum "
                        + enumName + " (declared at " + known.source(enumName) + ")"
                        + Names.suggestion(text, values.keySet()) + "; its values are "
                        + String.join(", ", values.keySet()));
            }
        }
    }

    private void declare(Declaration d) {
        Declaration old = declarations.get(d.id());
        if (old == null) {
            declarations.put(d.id(), d);
            return;
        }
        if (old.kind() != d.kind()) {
            errors.add(d.source() + ": '" + d.id() + "' is declared as " + d.kind().xmlName() + " here but as "
                    + old.kind().xmlName() + " at " + old.source() + "; make the palettes agree on its kind");
            return;
        }
        List<Port> union = new ArrayList<>(old.ports());
        List<String> added = new ArrayList<>();
        for (Port p : d.ports()) {
            if (old.ports().stream().noneMatch(q -> q.name().equals(p.name()))) {
                union.add(p);
                added.add(p.name());
            }
        }
        if (!added.isEmpty()) {
            notes.add(d.source() + ": '" + d.id() + "' is also declared at " + old.source() + " with other ports; "
                    + "merged (union of ports, added " + String.join(", ", added) + "; the first description wins)");
        }
        declarations.put(d.id(), new Declaration(d.id(), d.kind(), List.copyOf(union),
                old.description().isEmpty() ? d.description() : old.description(), old.source()));
    }

    /** Merges {@code other} into this palette (same rules as two {@code <TreeNodesModel>}s). */
    public Palette merge(Palette other) {
        other.declarations.values().forEach(this::declare);
        enums.addAll(other.enums);
        other.portTypeNames.forEach((id, m) -> m.forEach((port, type) ->
                portTypeNames.computeIfAbsent(id, k -> new LinkedHashMap<>()).putIfAbsent(port, type)));
        notes.addAll(other.notes);
        errors.addAll(other.errors);
        return this;
    }

    /** C++ type names of the palette as port types; anything else (a message type, a duration) is ANY. */
    static PortType portType(String cpp) {
        if (cpp == null) {
            return PortType.ANY;
        }
        return switch (cpp.strip()) {
            case "int", "unsigned int", "unsigned", "int32_t", "uint32_t", "short", "unsigned short" -> PortType.INT;
            case "long", "int64_t", "uint64_t", "size_t", "unsigned long", "long long" -> PortType.LONG;
            case "double", "float" -> PortType.DOUBLE;
            case "bool" -> PortType.BOOLEAN;
            default -> PortType.ANY;
        };
    }

    private static boolean converts(String text, PortType type) {
        if (NodeInit.blackboardKey(text, "x") != null) {
            return true;
        }
        try {
            switch (type) {
                case INT, LONG -> Values.parseLong(text);
                case DOUBLE -> Values.parseDouble(text);
                case BOOLEAN -> Values.parseBoolean(text);
                default -> {
                    // any text
                }
            }
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    public Map<String, Declaration> declarations() {
        return declarations;
    }

    /** What merging did (for {@code validate --verbose}). */
    public List<String> notes() {
        return notes;
    }

    /** Problems in the palettes themselves, one line each. */
    public List<String> errors() {
        return errors;
    }

    /**
     * Registers every declared type {@code registry} does not implement yet as a stand-in: actions and
     * conditions return what {@code scripts} says for their ID (SUCCESS at once if nothing), controls tick
     * like a Sequence, decorators pass their child's status through.
     */
    public NodeRegistry registerStandIns(NodeRegistry registry, Map<String, StandIn> scripts) {
        registerStandIns(registry, StandInRules.ofTypes(scripts));
        return registry;
    }

    /**
     * Registers every declared type {@code registry} does not implement yet as a stand-in and returns those
     * declarations: actions and conditions follow the first of {@code rules} matching their ID or name
     * (SUCCESS at once if none); Nav2's RecoveryNode, PipelineSequence, RoundRobin and RateController behave as
     * Nav2's; other controls tick like a Sequence, other decorators pass their child's status through.
     */
    public List<Declaration> registerStandIns(NodeRegistry registry, StandInRules rules) {
        List<Declaration> out = new ArrayList<>();
        for (Declaration d : declarations.values()) {
            NodeType existing = registry.find(d.id());
            if (existing != null) {
                // A file's own node type that happens to share the ID of one of Canopy's own (not BT.CPP's) types,
                // with ports Canopy's lacks (aerostack2 declares SendEvent(data, topic_name)): it is another type.
                String extra = registry.isBuiltin(d.id()) ? null : d.ports().stream().map(Port::name)
                        .filter(n -> existing.port(n) == null).findFirst().orElse(null);
                if (extra == null) {
                    continue;
                }
                registry.registerReplacing(standIn(withEnumPorts(d, registry), rules));
                shadowed.add(d.source() + ": <" + d.kind().xmlName() + " ID=\"" + d.id() + "\"> declares port '" + extra
                        + "', which Canopy's own " + d.id() + " does not have: the file's " + d.id() + " is another node type "
                        + "and runs as a stand-in here; give its implementation (a plugin or remote worker) to run it, or "
                        + "rename it to use Canopy's");
                out.add(d);
                continue;
            }
            registry.register(standIn(withEnumPorts(d, registry), rules));
            out.add(d);
        }
        return out;
    }

    /** One line per declared type that shadowed one of Canopy's own types in {@link #registerStandIns}. */
    public List<String> shadowed() {
        return List.copyOf(shadowed);
    }

    /** {@code d} with its ports typed by an enum (of a palette or the registry) as whole numbers. */
    private Declaration withEnumPorts(Declaration d, NodeRegistry registry) {
        Map<String, String> types = portTypeNames.get(d.id());
        if (types == null) {
            return d;
        }
        List<Port> ports = new ArrayList<>();
        boolean changed = false;
        for (Port p : d.ports()) {
            String t = types.get(p.name());
            boolean isEnum = t != null && (registry.scriptingEnums().values(t) != null
                    || enums.stream().anyMatch(e -> e.name().equals(t)));
            if (isEnum && p.type() == PortType.ANY) {
                Port q = switch (p.direction()) {
                    case INPUT -> Port.input(p.name(), PortType.LONG);
                    case OUTPUT -> Port.output(p.name(), PortType.LONG);
                    case INOUT -> Port.inout(p.name(), PortType.LONG);
                };
                if (p.defaultValue() != null) {
                    q = q.withDefault(p.defaultValue());
                }
                if (p.description() != null && !p.description().isEmpty()) {
                    q = q.describe(p.description());
                }
                ports.add(q);
                changed = true;
            } else {
                ports.add(p);
            }
        }
        return changed ? new Declaration(d.id(), d.kind(), List.copyOf(ports), d.description(), d.source()) : d;
    }

    static NodeType standIn(Declaration d, StandInRules rules) {
        Port[] ports = d.ports().toArray(new Port[0]);
        Nav2ControlFlow.Known known = Nav2ControlFlow.find(d.id(), d.kind());
        NodeFactory leaf = init -> {
            StandInRule rule = rules.find(d.id(), init.name());
            return rule == null ? new StandInAction(init, StandIn.SUCCESS)
                    : new StandInAction(init, rule.runs(), rule.where());
        };
        NodeType t = switch (d.kind()) {
            case ACTION -> NodeType.action(d.id(), leaf, ports);
            case CONDITION -> NodeType.condition(d.id(), leaf, ports);
            case CONTROL -> known != null
                    ? NodeType.control(d.id(), known.factory(), ports).withChildren(known.maxChildren() == 2 ? 2 : 1,
                            known.maxChildren())
                    : NodeType.control(d.id(), Sequence::new, ports);
            case DECORATOR -> NodeType.decorator(d.id(), known != null ? known.factory() : StandInDecorator::new, ports);
            case SUBTREE -> throw new IllegalStateException("SubTree models are not node types");
        };
        return t.describe(d.description().isEmpty() ? "stand-in (declared at " + d.source() + ")" : d.description());
    }
}

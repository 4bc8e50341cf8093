package io.canopy.bt;

import io.canopy.InputException;
import io.canopy.bt.control.Sequence;
import io.canopy.bt.standin.StandIn;
import io.canopy.bt.standin.StandInAction;
import io.canopy.bt.standin.StandInDecorator;
import io.canopy.bt.standin.StandInRule;
import io.canopy.bt.standin.StandInRules;
import io.canopy.bt.standin.nav2.Nav2ControlFlow;
import java.io.StringReader;
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

    private final Map<String, Declaration> declarations = new LinkedHashMap<>();
    private final List<String> notes = new ArrayList<>();
    private final List<String> errors = new ArrayList<>();

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
        NodeSpec root = XmlReader.read(new StringReader(Leniency.fix(text, file.toString(), ignored)), file.toString());
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
                            + "<Condition>, <Control>, <Decorator> or <SubTree>");
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
            }
            declare(new Declaration(id, kind, List.copyOf(ports), description, decl.location()));
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
            if (registry.find(d.id()) != null) {
                continue;
            }
            registry.register(standIn(d, rules));
            out.add(d);
        }
        return out;
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

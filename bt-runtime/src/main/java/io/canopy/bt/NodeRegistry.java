package io.canopy.bt;

import io.canopy.Names;
import io.canopy.bt.catalog.NodeFamilies;
import io.canopy.expr.ScriptingEnums;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The node types a loader or builder may use. {@link #withBuiltins()} starts with every BehaviorTree.CPP
 * built-in; register your own with one line each: {@code registry.register(MoveBase.TYPE)}, or a lambda
 * {@code registry.registerCondition("BatteryOk", () -> battery.percent() > 20)}.
 */
public final class NodeRegistry {
    private final Map<String, NodeType> types = new LinkedHashMap<>();
    private final Map<String, Boolean> builtin = new LinkedHashMap<>();
    private final ScriptingEnums enums = new ScriptingEnums();
    /** The plugin jars (real paths) whose types are in this registry: one jar named twice is loaded once. */
    private final Set<Path> pluginJars = new LinkedHashSet<>();

    /** An empty registry (not even the built-ins). */
    public NodeRegistry() {}

    /**
     * Only the BehaviorTree.CPP built-ins, as a BT.CPP factory has them: what scenario files (tree-test) are
     * written against, so their scripted leaves may use any other ID.
     */
    public static NodeRegistry withBtcppBuiltins() {
        NodeRegistry r = new NodeRegistry();
        for (NodeType t : BuiltinNodes.ALL) {
            r.register(t);
            r.builtin.put(t.id(), Boolean.TRUE);
        }
        return r;
    }

    /** A registry holding every built-in node type: BT.CPP's and Canopy's seed node families. */
    public static NodeRegistry withBuiltins() {
        NodeRegistry r = new NodeRegistry();
        for (NodeType t : BuiltinNodes.ALL) {
            r.register(t);
            r.builtin.put(t.id(), Boolean.TRUE);
        }
        NodeFamilies.ALL.forEach(r::register);
        return r;
    }

    /** A copy that can be extended without changing this one. */
    public NodeRegistry copy() {
        NodeRegistry r = new NodeRegistry();
        r.types.putAll(types);
        r.builtin.putAll(builtin);
        r.enums.addAll(enums, new ArrayList<>());
        r.pluginJars.addAll(pluginJars);
        return r;
    }

    /**
     * Records that the plugin jar at {@code realPath} is being loaded into this registry; false when it already
     * was (the same jar given with {@code --plugin} and in a launch file's {@code <plugin>}).
     */
    public boolean addPluginJar(Path realPath) {
        return pluginJars.add(realPath);
    }

    /**
     * Registers a Java enum's constants as scripting enum values, numbered by ordinal (BehaviorTree.CPP's
     * {@code registerScriptingEnums<Color>()}); {@code source} names who declared it, for messages. An
     * IllegalArgumentException when it contradicts an enum registered before.
     */
    public NodeRegistry registerScriptingEnum(Class<? extends Enum<?>> type, String source) {
        Map<String, Long> values = new LinkedHashMap<>();
        for (Enum<?> c : type.getEnumConstants()) {
            values.put(c.name(), (long) c.ordinal());
        }
        String error = enums.add(type.getSimpleName(), values, source);
        if (error != null) {
            throw new IllegalArgumentException(error);
        }
        return this;
    }

    /** The scripting enums registered so far (by plugins or code). */
    public ScriptingEnums scriptingEnums() {
        return enums;
    }

    /** Registers a node type; its ID must be new. */
    public NodeRegistry register(NodeType type) {
        Objects.requireNonNull(type, "type");
        if (types.containsKey(type.id())) {
            throw new IllegalArgumentException("node type '" + type.id() + "' is already registered");
        }
        types.put(type.id(), type);
        return this;
    }

    /**
     * Registers a node type that may replace a registered type of the same ID, except a BehaviorTree.CPP
     * built-in (tree-test's scripted leaves shadow Canopy's own node types this way).
     */
    public NodeRegistry registerReplacing(NodeType type) {
        Objects.requireNonNull(type, "type");
        if (builtin.containsKey(type.id())) {
            throw new IllegalArgumentException("'" + type.id() + "' is a BehaviorTree.CPP built-in node type");
        }
        types.put(type.id(), type);
        return this;
    }

    /** Registers a synchronous action whose tick is {@code function} (returns SUCCESS or FAILURE). */
    public NodeRegistry registerAction(String id, Supplier<Status> function) {
        Objects.requireNonNull(function, "function");
        return register(NodeType.action(id, init -> new FunctionLeaf(init, function, null)));
    }

    /** Registers a condition: true gives SUCCESS, false FAILURE. */
    public NodeRegistry registerCondition(String id, BooleanSupplier function) {
        Objects.requireNonNull(function, "function");
        return register(NodeType.condition(id, init -> new FunctionLeaf(init, null, function)));
    }

    /** The type registered as {@code id}, or null. */
    public NodeType find(String id) {
        return types.get(id);
    }

    public boolean isBuiltin(String id) {
        return builtin.containsKey(id);
    }

    /** Every registered type, sorted by ID. */
    public List<NodeType> all() {
        List<NodeType> out = new ArrayList<>(types.values());
        out.sort(Comparator.comparing(NodeType::id));
        return out;
    }

    /** Up to {@code max} registered IDs within a small edit distance of {@code id}, closest first. */
    public List<String> nearest(String id, int max) {
        return Names.near(id, types.keySet(), max);
    }

    /**
     * The Groot2 palette: {@code <root BTCPP_format="4"><TreeNodesModel>...} with every type (or only the
     * non-built-in ones), sorted by ID.
     */
    public String toPaletteXml(boolean includeBuiltins) {
        StringBuilder sb = new StringBuilder();
        sb.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<root BTCPP_format=\"4\">\n  <TreeNodesModel>\n");
        for (NodeType t : all()) {
            if (t.kind() == NodeKind.SUBTREE || (!includeBuiltins && isBuiltin(t.id()))) {
                continue;
            }
            sb.append("    <").append(t.kind().xmlName()).append(" ID=\"").append(escape(t.id())).append('"');
            if (t.ports().isEmpty() && t.description().isEmpty()) {
                sb.append("/>\n");
                continue;
            }
            sb.append(">\n");
            for (Port p : t.ports()) {
                sb.append("      <").append(p.direction().xmlName()).append(" name=\"").append(escape(p.name()))
                        .append('"');
                String typeName = p.type() == PortType.ENUM && p.enumType() != null
                        ? p.enumType().getSimpleName() : p.type().grootName();
                if (!typeName.isEmpty()) {
                    sb.append(" type=\"").append(typeName).append('"');
                }
                if (p.defaultValue() != null) {
                    sb.append(" default=\"").append(escape(p.defaultValue())).append('"');
                }
                if (p.description().isEmpty()) {
                    sb.append("/>\n");
                } else {
                    sb.append('>').append(escape(p.description())).append("</").append(p.direction().xmlName())
                            .append(">\n");
                }
            }
            if (!t.description().isEmpty()) {
                sb.append("      <description>").append(escape(t.description())).append("</description>\n");
            }
            sb.append("    </").append(t.kind().xmlName()).append(">\n");
        }
        sb.append("  </TreeNodesModel>\n</root>\n");
        return sb.toString();
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}

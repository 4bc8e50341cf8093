package io.canopy.bt;

import io.canopy.InputException;
import io.canopy.bt.script.CompiledCode;
import io.canopy.bt.script.ScriptCompiler;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/**
 * What a node's constructor receives: its name, the tree context, its blackboard, and its ports already
 * resolved to entries (a {@code {key}} to the blackboard entry, a literal to a detached entry holding the
 * converted value). Literals are converted and typed entries checked here, so bad values fail at load time.
 */
public final class NodeInit {
    private final NodeType type;
    private final String name;
    private final String file;
    private final int line;
    private final int column;
    private final String element;
    private final TreeContext context;
    private final Blackboard blackboard;
    private final ScriptCompiler scripts;
    private final Map<String, String> texts;
    private final Map<String, Entry> entries = new HashMap<>();
    private final Map<String, String> attributes;

    public NodeInit(NodeType type, String name, NodeSpec spec, TreeContext context,
            Blackboard blackboard, ScriptCompiler scripts, Map<String, String> givenPorts,
            Map<String, String> attributes) {
        this.type = type;
        this.name = name;
        this.file = spec.file == null ? "<text>" : spec.file;
        this.line = spec.line;
        this.column = spec.column;
        this.element = spec.describe();
        this.context = context;
        this.blackboard = blackboard;
        this.scripts = scripts;
        this.attributes = attributes;
        this.texts = new HashMap<>(givenPorts);
        for (Port p : type.ports()) {
            String text = texts.get(p.name());
            if (text == null && p.defaultValue() != null
                    && (p.direction().reads() || blackboardKey(p.defaultValue(), p.name()) != null)) {
                text = p.defaultValue();
                texts.put(p.name(), text);
            }
            if (text == null) {
                if (p.isRequired()) {
                    throw error("port '" + p.name() + "' is missing; add " + p.name() + "=\"...\" (a value or {key})");
                }
                continue;
            }
            entries.put(p.name(), resolve(p, text));
        }
    }

    /**
     * Whether {@code text} leaves output port {@code p} unbound: an empty string (as Groot leaves a port the user
     * did not fill) or {@code {}}. BehaviorTree.CPP 4 accepts both (as of 4.10, src/xml_parsing.cpp,
     * {@code XMLParser::PImpl::createNodeFromXML}: line 856 stores every port attribute as written in
     * {@code port_remap}; line 945 creates a blackboard entry only when {@code TreeNode::getRemappedKey} finds
     * {@code {key}} or {@code {=}}, which "" and "{}" are not; lines 995-1006 still put the port in
     * {@code config.output_ports}); when the node writes it, {@code TreeNode::setOutput}
     * (include/behaviortree_cpp/tree_node.h, lines 651-654) returns the error "setOutput requires a blackboard
     * pointer. Use {}" and writes nothing. Here such a port gets an entry of its own that no other port or script
     * can name, so the node's writes are dropped as there; the loader warns once per port.
     */
    public static boolean unboundOutput(Port p, String text) {
        return p.direction() == PortDirection.OUTPUT && (text.isEmpty() || text.equals("{}"));
    }

    private Entry resolve(Port p, String text) {
        if (unboundOutput(p, text)) {
            return new Entry(p.name(), null);
        }
        String key = blackboardKey(text, p.name());
        if (key != null) {
            try {
                Entry entry = blackboard.entry(key, p.type().entryKind());
                entry.boundByPort = true;
                return entry;
            } catch (InputException e) {
                throw error("port '" + p.name() + "': " + e.getMessage());
            }
        }
        if (p.direction() == PortDirection.OUTPUT) {
            throw error("output port '" + p.name() + "' must name a blackboard entry, like " + p.name()
                    + "=\"{" + p.name() + "}\", not \"" + text + "\"");
        }
        try {
            return Entry.constant(p.name(), Values.convert(p.type(), p.enumType(), text));
        } catch (IllegalArgumentException e) {
            Long named = p.type() == PortType.INT || p.type() == PortType.LONG || p.type() == PortType.DOUBLE
                    ? scripts.enumValue(text.strip()) : null;
            if (named != null) { // a scripting enum value (BT.CPP's registerScriptingEnums)
                return Entry.constant(p.name(), p.type() == PortType.DOUBLE ? (Object) named.doubleValue() : named);
            }
            throw error("port '" + p.name() + "': " + e.getMessage() + "; give a value of type "
                    + p.type().name().toLowerCase() + " or a {key}");
        }
    }

    /** The key of {@code {key}} (or the port name for {@code {=}} / {@code =}), or null for a literal. */
    public static String blackboardKey(String text, String portName) {
        if (text.equals("=") || text.equals("{=}")) {
            return portName;
        }
        if (text.length() >= 3 && text.charAt(0) == '{' && text.charAt(text.length() - 1) == '}') {
            return text.substring(1, text.length() - 1);
        }
        return null;
    }

    public NodeType type() {
        return type;
    }

    public String name() {
        return name;
    }

    /** {@code file:line:column} of the element, or empty for trees built in code. */
    public String location() {
        return line <= 0 ? "" : file + ":" + line + ":" + column;
    }

    /**
     * A path named in a port of this node: relative paths are taken from the directory of the tree file
     * that declares the node (as BT.CPP's {@code <include path>}), or from the working directory for trees
     * loaded from text or built in code.
     */
    public Path resolvePath(String path) {
        Path p = Path.of(path);
        if (p.isAbsolute() || "<text>".equals(file)) {
            return p;
        }
        Path dir = Path.of(file).toAbsolutePath().getParent();
        return dir == null ? p : dir.resolve(p).normalize();
    }

    String file() {
        return file;
    }

    int line() {
        return line;
    }

    int column() {
        return column;
    }

    public TreeContext context() {
        return context;
    }

    public Blackboard blackboard() {
        return blackboard;
    }

    /** The port as given in the XML (or its default), or null. */
    public String text(String port) {
        checkDeclared(port);
        return texts.get(port);
    }

    /** True when the port was given or has a default. */
    public boolean has(String port) {
        checkDeclared(port);
        return texts.containsKey(port);
    }

    public Input input(String port) {
        Input in = optionalInput(port);
        if (in == null) {
            throw error("port '" + port + "' is missing; add " + port + "=\"...\" (a value or {key})");
        }
        return in;
    }

    /** The input, or null when the port was not given and has no default. */
    public Input optionalInput(String port) {
        checkDeclared(port);
        Entry e = entries.get(port);
        return e == null ? null : new Input(e, port, name);
    }

    public Output output(String port) {
        Output out = optionalOutput(port);
        if (out == null) {
            throw error("output port '" + port + "' is missing; add " + port + "=\"{key}\"");
        }
        return out;
    }

    public Output optionalOutput(String port) {
        checkDeclared(port);
        Entry e = entries.get(port);
        String text = texts.get(port);
        if (e == null) {
            return null;
        }
        if (blackboardKey(text, port) == null && !unboundOutput(type.port(port), text)) {
            throw error("port '" + port + "' is written by this node, so it must name a blackboard entry like {"
                    + port + "}, not \"" + text + "\"");
        }
        return new Output(e);
    }

    /** Compiles the script held by port {@code port} (a Script's {@code code}, a Precondition's {@code if}). */
    public CompiledCode script(String port) {
        String code = text(port);
        if (code == null) {
            throw error("port '" + port + "' is missing; add " + port + "=\"...script...\"");
        }
        return compile(code, port);
    }

    public CompiledCode compile(String code, String what) {
        try {
            return scripts.compile(code, blackboard);
        } catch (InputException | IllegalArgumentException e) {
            throw error(what + ": bad script \"" + code + "\": " + e.getMessage());
        }
    }

    /** Attributes that are neither ports nor pre/post conditions (for example {@code _description}). */
    public Map<String, String> attributes() {
        return Collections.unmodifiableMap(attributes);
    }

    /** A load-time error naming the element and its location. */
    public InputException error(String message) {
        String location = location();
        return new InputException((location.isEmpty() ? "" : location + ": ") + element + ": " + message);
    }

    private void checkDeclared(String port) {
        if (type.port(port) == null) {
            throw new IllegalArgumentException("node type " + type.id() + " declares no port '" + port + "'");
        }
    }
}

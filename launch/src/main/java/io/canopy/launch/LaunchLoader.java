package io.canopy.launch;

import io.canopy.InputException;
import io.canopy.Names;
import io.canopy.launch.plan.LaunchPlan;
import io.canopy.launch.plan.MachinePlan;
import io.canopy.launch.plan.NamedTree;
import io.canopy.launch.plan.NodePlan;
import io.canopy.launch.plan.Source;
import io.canopy.launch.plan.TreePlan;
import io.canopy.launch.read.ElementReader;
import io.canopy.launch.read.NodeReader;
import io.canopy.launch.read.SafeXml;
import io.canopy.launch.read.Substitutions;
import io.canopy.launch.read.XmlElement;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Reads a launch file into a {@link LaunchPlan}. The format, in the spirit of ROS 2 XML launch files:
 *
 * <pre>{@code
 * <launch>
 *   <arg name="robot" default="robot1" description="MQTT namespace"/>
 *   <let name="rate" value="50"/>
 *   <include file="common.launch.xml"><arg name="x" value="1"/></include>
 *   <group namespace="$(var robot)" if="true">
 *     <node name="controller"> ...timers, trees, machines, links, roles, mqtt, binds... </node>
 *   </group>
 * </launch>
 * }</pre>
 *
 * Every element takes {@code if}/{@code unless}. An included file sees the including file's arguments
 * (its own {@code <arg>} defaults apply only to arguments not already set) and passes nothing back; a
 * {@code <group>} scopes the arguments declared inside it. Every error is collected and reported at once
 * in a {@link LaunchException}, one line each.
 */
public final class LaunchLoader {
    private static final Path CWD = Path.of("").toAbsolutePath();

    private final Function<String, String> env;
    /** Folders {@code $(find-pkg-share NAME)} searches ({@code --path}, then {@code CANOPY_PATH}). */
    private final List<Path> searchPath;
    private final List<String> errors = new ArrayList<>();
    private final List<NodePlan> nodes = new ArrayList<>();
    /** The trees and machines of every node, also of nodes with errors (validate checks them all at once). */
    private final List<NamedTree> namedTrees = new ArrayList<>();
    private final List<MachinePlan> namedMachines = new ArrayList<>();
    private final List<Path> includeStack = new ArrayList<>();

    private LaunchLoader(Function<String, String> env, List<Path> searchPath) {
        this.env = env;
        List<Path> path = new ArrayList<>(searchPath);
        String canopyPath = env.apply("CANOPY_PATH");
        if (canopyPath != null) {
            for (String p : canopyPath.split(File.pathSeparator)) {
                if (!p.isBlank()) {
                    path.add(Path.of(p.strip()));
                }
            }
        }
        this.searchPath = List.copyOf(path);
    }

    /** Loads {@code file} with command-line arguments {@code args} and the process environment. */
    public static LaunchPlan load(Path file, Map<String, String> args) {
        return load(file, args, System::getenv);
    }

    /** As {@link #load(Path, Map)} with an explicit environment (for tests). */
    public static LaunchPlan load(Path file, Map<String, String> args, Function<String, String> env) {
        return load(file, args, env, List.of());
    }

    /**
     * As {@link #load(Path, Map)}, with the folders {@code $(find-pkg-share NAME)} searches ({@code --path DIR};
     * the {@code CANOPY_PATH} environment variable adds more).
     */
    public static LaunchPlan load(Path file, Map<String, String> args, List<Path> searchPath) {
        return load(file, args, System::getenv, searchPath);
    }

    /** As {@link #load(Path, Map, List)} with an explicit environment (for tests). */
    public static LaunchPlan load(Path file, Map<String, String> args, Function<String, String> env, List<Path> searchPath) {
        return new LaunchLoader(env, searchPath).run(file, args);
    }

    /**
     * Parses a {@code --arg} value {@code name=value}.
     *
     * @throws InputException when there is no '=' or no name
     */
    public static Map.Entry<String, String> parseArg(String text) {
        int eq = text.indexOf('=');
        if (eq <= 0) {
            throw new InputException("--arg " + text + ": write --arg NAME=VALUE, for example --arg robot=robot2");
        }
        return Map.entry(text.substring(0, eq).strip(), text.substring(eq + 1));
    }

    private LaunchPlan run(Path file, Map<String, String> cliArgs) {
        Path display = display(file.toAbsolutePath().normalize());
        XmlElement root;
        try {
            root = SafeXml.parse(display);
        } catch (InputException e) {
            throw new LaunchException(List.of(e.getMessage()));
        }
        Map<String, String> vars = new LinkedHashMap<>();
        Set<String> declared = new LinkedHashSet<>();
        Map<String, String> topArgs = new LinkedHashMap<>();
        includeStack.add(display.toAbsolutePath());
        readLaunchRoot(root, new Scope(vars, new LinkedHashMap<>(), "", cliArgs, declared, topArgs));
        for (String name : cliArgs.keySet()) {
            if (!declared.contains(name)) {
                errors.add("--arg " + name + ": " + display + " declares no argument '" + name + "'"
                        + Names.suggestion(name, declared) + (declared.isEmpty() ? "" : "; its arguments are " + String.join(", ", declared)));
            }
        }
        Map<String, List<Source>> byName = new HashMap<>();
        for (NodePlan n : nodes) {
            byName.computeIfAbsent(n.fullName(), k -> new ArrayList<>()).add(n.source());
        }
        for (NodePlan n : nodes) {
            List<Source> same = byName.get(n.fullName());
            if (same.size() > 1 && same.get(0) != n.source()) {
                errors.add(n.source() + ": a node named '" + n.fullName() + "' is already declared at " + same.get(0).file()
                        + ":" + same.get(0).line() + "; give each node its own name or namespace");
            }
        }
        if (!errors.isEmpty()) {
            throw new LaunchException(errors, namedTrees, namedMachines);
        }
        return new LaunchPlan(display, topArgs, nodes);
    }

    /** Variables, namespace and argument bookkeeping of the element being read. */
    private static final class Scope {
        final Map<String, String> vars;
        /** Environment variables set ({@code <set_env>}) or unset (null value, {@code <unset_env>}) in this scope. */
        final Map<String, String> envSet;
        final String namespace;
        /** Values that override {@code <arg>} defaults (command line at top level; none in includes). */
        final Map<String, String> overrides;
        /** Names of the {@code <arg>}s the current file declares. */
        final Set<String> declared;
        /** Where to record resolved argument values (top-level file only), else null. */
        final Map<String, String> record;

        Scope(Map<String, String> vars, Map<String, String> envSet, String namespace, Map<String, String> overrides,
                Set<String> declared, Map<String, String> record) {
            this.vars = vars;
            this.envSet = envSet;
            this.namespace = namespace;
            this.overrides = overrides;
            this.declared = declared;
            this.record = record;
        }

        /** A {@code <group>}: its own copy of the variables and environment. */
        Scope child(String ns) {
            return new Scope(new LinkedHashMap<>(vars), new LinkedHashMap<>(envSet), ns, overrides, declared, record);
        }

        /** After {@code <push_namespace>}: the same variables, a deeper namespace, for the rest of the enclosing scope. */
        Scope pushed(String ns) {
            return new Scope(vars, envSet, ns, overrides, declared, record);
        }
    }

    private Substitutions subst(XmlElement e, Scope scope) {
        Path dir = e.file.toAbsolutePath().getParent();
        Function<String, String> scoped = name -> scope.envSet.containsKey(name) ? scope.envSet.get(name) : env.apply(name);
        return new Substitutions(scope.vars, scoped, dir == null ? "." : dir.toString(), searchPath);
    }

    private void readLaunchRoot(XmlElement root, Scope scope) {
        if (!root.name.equals("launch")) {
            errors.add(root.where() + ": the root element must be <launch>, not <" + root.name + ">");
            return;
        }
        new ElementReader(root, subst(root, scope), errors);
        readChildren(root, scope);
    }

    /** What {@code <launch>} and {@code <group>} hold. */
    static final List<String> CHILDREN = List.of("arg", "let", "set_env", "unset_env", "push_namespace", "include", "group", "node");

    private void readChildren(XmlElement parent, Scope scope) {
        Scope current = scope;
        for (XmlElement e : parent.children) {
            switch (e.name) {
                case "arg" -> readArg(e, current);
                case "let" -> readLet(e, current);
                case "set_env" -> readSetEnv(e, current, true);
                case "unset_env" -> readSetEnv(e, current, false);
                case "push_namespace", "push_ros_namespace", "push-ros-namespace" -> current = readPush(e, current);
                case "include" -> readInclude(e, current);
                case "group" -> readGroup(e, current);
                case "node" -> readNode(e, current);
                default -> errors.add(e.where() + ": unknown element <" + e.name + ">" + Names.suggestion(e.name, CHILDREN)
                        + "; <" + parent.name + "> holds " + String.join(", ", CHILDREN.stream().map(c -> "<" + c + ">").toList()));
            }
        }
    }

    /** {@code <set_env name value>} / {@code <unset_env name>}: for {@code $(env)} in the rest of the scope. */
    private void readSetEnv(XmlElement e, Scope scope, boolean set) {
        ElementReader r = set ? new ElementReader(e, subst(e, scope), errors, "name", "value")
                : new ElementReader(e, subst(e, scope), errors, "name");
        noChildren(e);
        String name = r.required("name", "CANOPY_PORT");
        String value = set ? (r.has("value") ? r.string("value", null) : r.required("value", "/dev/ttyUSB0")) : null;
        if (r.enabled() && name != null && (!set || value != null)) {
            scope.envSet.put(name, value);
        }
    }

    /** {@code <push_namespace namespace>}: the following siblings (and what is inside them) are in a deeper namespace. */
    private Scope readPush(XmlElement e, Scope scope) {
        ElementReader r = new ElementReader(e, subst(e, scope), errors, "namespace");
        noChildren(e);
        String ns = r.required("namespace", "robot1");
        if (!r.enabled() || ns == null) {
            return scope;
        }
        return scope.pushed(joinNamespace(r, scope.namespace, ns));
    }

    private void readArg(XmlElement e, Scope scope) {
        ElementReader r = new ElementReader(e, subst(e, scope), errors, "name", "default", "description");
        noChildren(e);
        String name = r.name("name", null, true);
        if (!r.enabled() || name == null) {
            return;
        }
        if (!scope.declared.add(name)) {
            r.error("argument '" + name + "' is declared twice in this file; remove one");
        }
        String value = scope.overrides.get(name);
        if (value == null) {
            value = scope.vars.get(name);
        }
        if (value == null && r.has("default")) {
            value = r.string("default", null);
            if (value == null) {
                return;
            }
        }
        if (value == null) {
            r.error("argument '" + name + "' has no default and no value; pass --arg " + name + "=VALUE (or <arg name=\""
                    + name + "\" value=\"...\"/> inside <include>), or give it a default");
            return;
        }
        scope.vars.put(name, value);
        if (scope.record != null) {
            scope.record.put(name, value);
        }
    }

    private void readLet(XmlElement e, Scope scope) {
        ElementReader r = new ElementReader(e, subst(e, scope), errors, "name", "value");
        noChildren(e);
        String name = r.name("name", null, true);
        String value = r.has("value") ? r.string("value", null) : null;
        if (!r.has("value")) {
            r.error("missing attribute 'value'; write <let name=\"" + name + "\" value=\"...\"/>");
        }
        if (r.enabled() && name != null && value != null) {
            scope.vars.put(name, value);
        }
    }

    private void readGroup(XmlElement e, Scope scope) {
        ElementReader r = new ElementReader(e, subst(e, scope), errors, "namespace");
        String ns = r.string("namespace", "");
        if (!r.enabled() || ns == null) {
            return;
        }
        String full = joinNamespace(r, scope.namespace, ns);
        readChildren(e, scope.child(full));
    }

    static final Pattern NAMESPACE = Pattern.compile("[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)*");

    public static String joinNamespace(ElementReader r, String outer, String ns) {
        String inner = ns.strip();
        if (inner.startsWith("/")) {
            inner = inner.substring(1);
            outer = "";
        }
        if (inner.endsWith("/")) {
            inner = inner.substring(0, inner.length() - 1);
        }
        if (inner.isEmpty()) {
            return outer;
        }
        if (!NAMESPACE.matcher(inner).matches()) {
            r.error("attribute 'namespace': \"" + ns + "\" is not a valid namespace; use names of letters, digits, '_', '-', '.' separated by '/' (no MQTT wildcards + or #)");
            return outer;
        }
        return outer.isEmpty() ? inner : outer + "/" + inner;
    }

    private void readInclude(XmlElement e, Scope scope) {
        ElementReader r = new ElementReader(e, subst(e, scope), errors, "file");
        if (!r.enabled()) {
            return;
        }
        Path file = r.file("file", true, "common.launch.xml");
        // the included file starts from the including scope's variables, plus the nested <arg>s
        Map<String, String> passedValues = new LinkedHashMap<>();
        Scope inner = new Scope(new LinkedHashMap<>(scope.vars), new LinkedHashMap<>(scope.envSet), scope.namespace, passedValues,
                new LinkedHashSet<>(), null);
        Map<String, XmlElement> passed = new LinkedHashMap<>();
        for (XmlElement a : e.children) {
            if (!a.name.equals("arg")) {
                errors.add(a.where() + ": unknown element <" + a.name + "> inside <include>; it holds only <arg name=\"...\" value=\"...\"/>");
                continue;
            }
            ElementReader ar = new ElementReader(a, subst(a, scope), errors, "name", "value");
            noChildren(a);
            String name = ar.name("name", null, true);
            String value = ar.required("value", "...");
            if (ar.enabled() && name != null && value != null) {
                passedValues.put(name, value);
                passed.put(name, a);
            }
        }
        if (file == null) {
            return;
        }
        Path abs = file.toAbsolutePath().normalize();
        int at = includeStack.indexOf(abs);
        if (at >= 0) {
            StringBuilder chain = new StringBuilder();
            for (int i = at; i < includeStack.size(); i++) {
                chain.append(display(includeStack.get(i))).append(" -> ");
            }
            chain.append(display(abs));
            r.error("recursive include: " + chain + "; a launch file must not include itself, directly or not");
            return;
        }
        XmlElement root;
        try {
            root = SafeXml.parse(display(abs));
        } catch (InputException ex) {
            errors.add(ex.getMessage() + " (included from " + e.where() + ")");
            return;
        }
        includeStack.add(abs);
        readLaunchRoot(root, inner);
        includeStack.remove(includeStack.size() - 1);
        for (Map.Entry<String, XmlElement> p : passed.entrySet()) {
            if (!inner.declared.contains(p.getKey())) {
                errors.add(p.getValue().where() + ": " + display(abs) + " declares no argument '" + p.getKey() + "'"
                        + Names.suggestion(p.getKey(), inner.declared) + "; remove it or declare it there with <arg>");
            }
        }
    }

    private void readNode(XmlElement e, Scope scope) {
        NodeReader reader = new NodeReader(e, subst(e, scope), errors, scope.namespace);
        NodePlan node = reader.read();
        if (node != null) {
            nodes.add(node);
        }
        for (TreePlan t : reader.trees()) {
            namedTrees.add(new NamedTree(t, reader.foreign()));
        }
        namedMachines.addAll(reader.machines());
    }

    void noChildren(XmlElement e) {
        for (XmlElement c : e.children) {
            errors.add(c.where() + ": <" + e.name + "> takes no child elements; remove <" + c.name + ">");
        }
    }

    public static Path display(Path abs) {
        if (abs.startsWith(CWD)) {
            Path rel = CWD.relativize(abs);
            return rel.toString().isEmpty() ? abs : rel;
        }
        return abs;
    }
}

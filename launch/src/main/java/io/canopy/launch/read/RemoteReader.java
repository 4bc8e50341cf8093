package io.canopy.launch.read;

import io.canopy.InputException;
import io.canopy.Names;
import io.canopy.bt.NodeKind;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.NodeType;
import io.canopy.bt.load.Palette;
import io.canopy.launch.Artifacts;
import io.canopy.launch.plan.ForeignNodesPlan;
import io.canopy.launch.plan.NodePlan;
import io.canopy.launch.plan.RemotePlan;
import io.canopy.launch.plan.Source;
import io.canopy.launch.plan.TreePlan;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads a node's {@code <remote type="..." topic="..." worker_timeout_ms="..."/>} elements and checks them once the
 * node's palettes and trees are known: the type must be an action declared in a palette (the node's
 * {@code <palette>}s or a tree file's own {@code <TreeNodesModel>}), not a built-in; a topic is required; one
 * type has one remote. Every error is one line with file:line:column; all are reported at once.
 */
final class RemoteReader {
    static final String[] ATTRIBUTES = {"type", "topic", "worker_timeout_ms"};
    private static final Pattern TOPIC = Pattern.compile("[^\\s+#]+");

    private final Substitutions subst;
    private final List<String> errors;
    /** Read but not yet checked against the palettes: element reader, type, topic as written, timeout. */
    private final List<Object[]> read = new ArrayList<>();

    RemoteReader(Substitutions subst, List<String> errors) {
        this.subst = subst;
        this.errors = errors;
    }

    void read(XmlElement e) {
        ElementReader r = new ElementReader(e, subst, errors, ATTRIBUTES);
        for (XmlElement c : e.children) {
            errors.add(c.where() + ": <remote> takes no child elements; remove <" + c.name + ">");
        }
        if (!r.enabled()) {
            return;
        }
        String type = r.required("type", "ComputePathToPose");
        String topic = r.required("topic", "nav/compute_path");
        long timeoutMs = r.integer("worker_timeout_ms", 2000, 0, 600_000, "milliseconds");
        if (topic != null && (!TOPIC.matcher(topic).matches() || topic.endsWith("/"))) {
            r.error("attribute 'topic': \"" + topic + "\" is not a topic to publish on (no spaces, no wildcards + #, no"
                    + " trailing '/'); write for example topic=\"nav/compute_path\"");
            topic = null;
        }
        if (type != null && topic != null) {
            read.add(new Object[] {r, type, topic, timeoutMs});
        }
    }

    /**
     * The checked remotes, topics resolved against the node's namespace (errors recorded for the others).
     * {@code trees} and {@code foreign} give the declarations; a palette or tree that cannot be read is reported
     * by the tree check, not here.
     */
    List<RemotePlan> finish(String namespace, String nodeName, List<TreePlan> trees, ForeignNodesPlan foreign) {
        if (read.isEmpty()) {
            return List.of();
        }
        Map<String, Palette.Declaration> declared = declarations(trees, foreign);
        NodeRegistry builtins = Artifacts.registry();
        Map<String, Source> seen = new LinkedHashMap<>();
        List<RemotePlan> out = new ArrayList<>();
        for (Object[] o : read) {
            ElementReader r = (ElementReader) o[0];
            String type = (String) o[1];
            Source src = r.element().source();
            Source prev = seen.putIfAbsent(type, src);
            if (prev != null) {
                r.error("a second <remote> for type '" + type + "' (the first is at line " + prev.line() + ":"
                        + prev.column() + "); one type runs on one worker topic: remove one");
                continue;
            }
            NodeType builtin = builtins.find(type);
            Palette.Declaration d = declared.get(type);
            if (builtin != null) {
                r.error("attribute 'type': '" + type + "' is a " + builtin.kind().xmlName().toLowerCase()
                        + " built into Canopy, not a declared action; a remote runs an action your palette declares");
                continue;
            }
            if (d == null) {
                r.error("attribute 'type': no palette of this node declares '" + type + "'"
                        + Names.suggestion(type, declared.keySet()) + "; declare it as <Action ID=\"" + type
                        + "\"> in a <TreeNodesModel> (<palette file=\"...\"/> or the tree file)");
                continue;
            }
            if (d.kind() != NodeKind.ACTION) {
                r.error("attribute 'type': '" + type + "' is declared as a " + d.kind().xmlName() + " (at " + d.source()
                        + "), not an Action; only actions run remotely");
                continue;
            }
            String topic = nodeName == null ? (String) o[2] : NodePlan.resolveTopic(namespace, nodeName, (String) o[2]);
            out.add(new RemotePlan(type, topic, (Long) o[3], d.ports(), src));
        }
        return out;
    }

    /** Every type declared by the node's palettes and its tree files' own {@code <TreeNodesModel>}s. */
    static Map<String, Palette.Declaration> declarations(List<TreePlan> trees, ForeignNodesPlan foreign) {
        Palette all = new Palette();
        for (Path p : foreign.palettes()) {
            addQuietly(all, p);
        }
        for (TreePlan t : trees) {
            addQuietly(all, t.file());
        }
        return all.declarations();
    }

    private static void addQuietly(Palette all, Path file) {
        try {
            if (Files.isRegularFile(file) && Files.readString(file).contains("TreeNodesModel")) {
                all.addFile(file);
            }
        } catch (InputException | IOException | UncheckedIOException e) {
            // a palette or tree that cannot be read is reported by the tree check (Artifacts), once
        }
    }
}

package io.canopy.launch;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads a node's {@code <plugin jar="..."/>} and {@code <palette file="..."/>} elements into a {@link ForeignNodesPlan}. */
final class ForeignNodesReader {
    static final List<String> ELEMENTS = List.of("plugin", "palette");

    private final Substitutions subst;
    private final List<String> errors;
    private final List<Path> plugins = new ArrayList<>();
    private final List<Path> palettes = new ArrayList<>();

    ForeignNodesReader(Substitutions subst, List<String> errors) {
        this.subst = subst;
        this.errors = errors;
    }

    /** Reads one {@code <plugin>} or {@code <palette>} element. */
    void read(XmlElement e) {
        boolean plugin = e.name.equals("plugin");
        String attr = plugin ? "jar" : "file";
        ElementReader r = new ElementReader(e, subst, errors, attr);
        if (!e.children.isEmpty()) {
            errors.add(e.children.get(0).where() + ": <" + e.name + "> takes no child elements; remove <"
                    + e.children.get(0).name + ">");
        }
        if (!r.enabled()) {
            return;
        }
        Path p = r.file(attr, true, plugin ? "plugins/my-nodes.jar" : "nav2_tree_nodes.xml");
        if (p != null) {
            (plugin ? plugins : palettes).add(p);
        }
    }

    ForeignNodesPlan plan() {
        return plugins.isEmpty() && palettes.isEmpty() ? ForeignNodesPlan.NONE : new ForeignNodesPlan(plugins, palettes);
    }
}

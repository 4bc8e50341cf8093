package io.canopy.launch.read;

import io.canopy.bt.load.Palette;
import io.canopy.expr.ScriptingEnums;
import io.canopy.launch.plan.ForeignNodesPlan;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a node's {@code <plugin jar="..."/>}, {@code <palette file="..."/>} and {@code <enum name="Color"
 * values="RED,GREEN,BLUE"/>} elements into a {@link ForeignNodesPlan}.
 */
final class ForeignNodesReader {
    static final List<String> ELEMENTS = List.of("plugin", "palette", "enum");

    private final Substitutions subst;
    private final List<String> errors;
    private final List<Path> plugins = new ArrayList<>();
    private final List<Path> palettes = new ArrayList<>();
    private final List<Palette.EnumDeclaration> enums = new ArrayList<>();

    ForeignNodesReader(Substitutions subst, List<String> errors) {
        this.subst = subst;
        this.errors = errors;
    }

    /** Reads one {@code <plugin>} or {@code <palette>} element. */
    void read(XmlElement e) {
        if (e.name.equals("enum")) {
            readEnum(e);
            return;
        }
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

    /** {@code <enum name="Color" values="RED,GREEN,BLUE"/>} (or {@code RED=1,GREEN=2}): scripting enum values. */
    private void readEnum(XmlElement e) {
        ElementReader r = new ElementReader(e, subst, errors, "name", "values");
        if (!r.enabled()) {
            return;
        }
        String name = r.name("name", null, true);
        String values = r.required("values", "RED,GREEN,BLUE");
        if (name == null || values == null) {
            return;
        }
        try {
            enums.add(new Palette.EnumDeclaration(name, ScriptingEnums.parse(values),
                    e.file + ":" + e.line + ":" + e.column));
        } catch (IllegalArgumentException x) {
            r.error("attribute 'values': " + x.getMessage());
        }
    }

    ForeignNodesPlan plan() {
        return plugins.isEmpty() && palettes.isEmpty() && enums.isEmpty() ? ForeignNodesPlan.NONE
                : new ForeignNodesPlan(plugins, palettes, enums);
    }
}

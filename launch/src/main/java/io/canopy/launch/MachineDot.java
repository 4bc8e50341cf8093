package io.canopy.launch;

import io.canopy.InputException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An SCXML statechart as Graphviz DOT: compound and parallel states are clusters (parallel ones dashed),
 * atomic states rounded boxes, finals double circles, history states circles with H or H*; a black dot
 * points at each initial state; transitions are edges labelled {@code event [cond]} (internal ones dashed,
 * targetless ones dotted self-loops). Invoked trees and machines are noted in their state's label.
 */
final class MachineDot {
    private final StringBuilder out = new StringBuilder();
    private final Map<XmlElement, String> ids = new HashMap<>();
    private final Map<String, XmlElement> byId = new HashMap<>();
    private final List<String> edges = new ArrayList<>();
    private int anon;

    private MachineDot() {}

    static String render(Path file) {
        XmlElement root = SafeXml.parseLenient(file);
        if (!root.name.equals("scxml")) {
            throw new InputException(file + ":" + root.line + ":" + root.column + ": <" + root.name
                    + ">: not an SCXML document; the root element must be <scxml>");
        }
        MachineDot d = new MachineDot();
        d.index(root);
        String name = root.attributes.getOrDefault("name", baseName(file));
        d.out.append("digraph \"").append(Dot.escape(name)).append("\" {\n");
        d.out.append("  compound=true;\n  node [fontname=\"Helvetica\" fontsize=10];\n  edge [fontname=\"Helvetica\" fontsize=9];\n");
        d.children(root, "  ");
        d.edges.forEach(d.out::append);
        d.out.append("}\n");
        return d.out.toString();
    }

    private static String baseName(Path file) {
        String n = file.getFileName().toString();
        int dot = n.indexOf('.');
        return dot > 0 ? n.substring(0, dot) : n;
    }

    private static boolean isState(XmlElement e) {
        return switch (e.name) {
            case "state", "parallel", "final", "history" -> true;
            default -> false;
        };
    }

    private void index(XmlElement e) {
        for (XmlElement c : e.children) {
            if (isState(c)) {
                String id = c.attributes.get("id");
                String key = id != null ? id : "_anon" + anon++;
                ids.put(c, Dot.id("s_", key));
                if (id != null) {
                    byId.put(id, c);
                }
            }
            index(c);
        }
    }

    private boolean compound(XmlElement e) {
        return e.children.stream().anyMatch(MachineDot::isState);
    }

    /** The states inside {@code parent}, then the initial pointer. */
    private void children(XmlElement parent, String indent) {
        XmlElement first = null;
        for (XmlElement c : parent.children) {
            if (isState(c)) {
                state(c, indent);
                if (first == null && !c.name.equals("history")) {
                    first = c;
                }
            }
        }
        if (parent.name.equals("parallel") || first == null) {
            return;
        }
        List<String> initial = new ArrayList<>();
        String attr = parent.attributes.get("initial");
        if (attr != null) {
            initial.addAll(List.of(attr.strip().split("\\s+")));
        } else {
            XmlElement init = parent.children.stream().filter(c -> c.name.equals("initial")).findFirst().orElse(null);
            XmlElement t = init == null ? null : init.children.stream().filter(c -> c.name.equals("transition")).findFirst().orElse(null);
            if (t != null && t.attributes.get("target") != null) {
                initial.addAll(List.of(t.attributes.get("target").strip().split("\\s+")));
            } else {
                initial.add(first.attributes.getOrDefault("id", ""));
            }
        }
        String dot = "i_" + ids.getOrDefault(parent, "root");
        out.append(indent).append(dot).append(" [shape=point width=0.12 label=\"\"];\n");
        for (String target : initial) {
            XmlElement t = byId.get(target);
            if (t == null && attr == null && first != null && target.isEmpty()) {
                t = first;
            }
            if (t != null) {
                edges.add("  " + dot + " -> " + anchor(t) + head(t) + ";\n");
            }
        }
    }

    private String anchor(XmlElement state) {
        return ids.get(state);
    }

    private String head(XmlElement target) {
        return compound(target) ? " [lhead=cluster_" + ids.get(target) + "]" : "";
    }

    private void state(XmlElement s, String indent) {
        String id = ids.get(s);
        String label = Dot.escape(s.attributes.getOrDefault("id", ""));
        for (XmlElement c : s.children) {
            if (c.name.equals("invoke")) {
                String src = c.attributes.getOrDefault("src", c.attributes.getOrDefault("srcexpr", "inline"));
                label += "\\ninvoke " + Dot.escape(src);
            }
        }
        if (compound(s)) {
            out.append(indent).append("subgraph cluster_").append(id).append(" {\n");
            out.append(indent).append("  label=\"").append(label).append("\" style=\"rounded")
                    .append(s.name.equals("parallel") ? ",dashed" : "").append("\";\n");
            out.append(indent).append("  ").append(id).append(" [shape=point style=invis width=0.01 label=\"\"];\n");
            children(s, indent + "  ");
            out.append(indent).append("}\n");
        } else if (s.name.equals("final")) {
            out.append(indent).append(id).append(" [label=\"").append(label).append("\" shape=doublecircle];\n");
        } else if (s.name.equals("history")) {
            String h = "deep".equals(s.attributes.get("type")) ? "H*" : "H";
            out.append(indent).append(id).append(" [label=\"").append(h).append("\" shape=circle];\n");
        } else {
            out.append(indent).append(id).append(" [label=\"").append(label).append("\" shape=box style=rounded];\n");
        }
        for (XmlElement t : s.children) {
            if (t.name.equals("transition")) {
                transition(s, t);
            }
        }
    }

    private void transition(XmlElement from, XmlElement t) {
        String event = t.attributes.get("event");
        String cond = t.attributes.get("cond");
        StringBuilder label = new StringBuilder();
        if (event != null) {
            label.append(Dot.escape(event));
        }
        if (cond != null) {
            label.append(label.length() > 0 ? " " : "").append('[').append(Dot.escape(cond)).append(']');
        }
        String tail = compound(from) ? "ltail=cluster_" + ids.get(from) : null;
        String target = t.attributes.get("target");
        String style = "internal".equals(t.attributes.get("type")) ? " style=dashed" : "";
        if (target == null || target.isBlank()) {
            edges.add("  " + ids.get(from) + " -> " + ids.get(from) + " [label=\"" + label + "\" style=dotted"
                    + (tail == null ? "" : " " + tail) + "];\n");
            return;
        }
        for (String tid : target.strip().split("\\s+")) {
            XmlElement to = byId.get(tid);
            if (to == null) {
                continue; // an unknown target: validate reports it
            }
            StringBuilder attrs = new StringBuilder("label=\"").append(label).append('"').append(style);
            if (tail != null && to != from) {
                attrs.append(' ').append(tail);
            }
            if (compound(to) && to != from) {
                attrs.append(" lhead=cluster_").append(ids.get(to));
            }
            edges.add("  " + ids.get(from) + " -> " + ids.get(to) + " [" + attrs + "];\n");
        }
    }
}

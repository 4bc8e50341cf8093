package io.canopy.statemachine.tools;

import io.canopy.statemachine.StateKind;
import io.canopy.statemachine.Statechart;

/**
 * Graphviz DOT of a chart: compound and parallel states are clusters (parallel ones dashed), atomic states
 * are rounded boxes, finals double circles, history states small circles with H / H*; transitions are edges
 * labelled {@code event [cond]}, drawn from and to cluster borders through an invisible anchor point.
 * {@link #cluster} writes the chart as one cluster of a bigger digraph (a launch file's machines and trees).
 */
public final class DotWriter {
    private final Statechart c;
    /** Put before every node and cluster id ("" for a digraph of its own). */
    private final String prefix;
    private final StringBuilder out = new StringBuilder();
    /** The indent of edge statements: the body's, at every depth. */
    private String edgeIndent = "  ";

    private DotWriter(Statechart c, String prefix) {
        this.c = c;
        this.prefix = prefix;
    }

    public static String write(Statechart c) {
        DotWriter w = new DotWriter(c, "");
        w.out.append("digraph ").append(quote(w.name())).append(" {\n");
        w.body("  ");
        return w.out.append("}\n").toString();
    }

    /**
     * The chart as {@code subgraph "cluster_PREFIX"}, labelled with its name, for a digraph that holds several
     * charts and trees: every node and cluster id starts with {@code prefix}, so equal state ids stay apart.
     */
    public static String cluster(Statechart c, String prefix) {
        DotWriter w = new DotWriter(c, prefix);
        w.out.append("  subgraph ").append(quote("cluster_" + prefix)).append(" {\n    label=").append(quote(w.name()))
                .append(";\n");
        w.body("    ");
        return w.out.append("  }\n").toString();
    }

    private String name() {
        return c.name == null ? "statechart" : c.name;
    }

    private String id(String raw) {
        return quote(prefix + raw);
    }

    private String clusterId(int s) {
        return quote("cluster_" + prefix + c.ids[s]);
    }

    private static String quote(String s) {
        return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }

    private boolean isCluster(int s) {
        return c.kinds[s] == StateKind.COMPOUND || c.kinds[s] == StateKind.PARALLEL;
    }

    private String node(int s) {
        return isCluster(s) ? id("anchor:" + c.ids[s]) : id(c.ids[s]);
    }

    private void body(String in) {
        edgeIndent = in;
        out.append(in).append("compound=true;\n").append(in).append("rankdir=LR;\n").append(in)
                .append("node [shape=box, style=rounded, fontname=\"Helvetica\"];\n");
        out.append(in).append("edge [fontname=\"Helvetica\", fontsize=10];\n");
        out.append(in).append(id("__start")).append(" [shape=point, width=0.15];\n");
        for (int child : c.children[0]) {
            state(child, in);
        }
        edge("__start", 0, c.initial[0], "");
        for (int t = 0; t < c.transitionCount; t++) {
            int src = c.tSource[t];
            if (src == 0 || isInitialOf(t)) {
                continue;
            }
            StringBuilder label = new StringBuilder(String.join(" ", c.tEvents[t]));
            if (c.tCondText[t] != null) {
                label.append(label.length() > 0 ? " " : "").append('[').append(c.tCondText[t]).append(']');
            }
            if (c.tTargets[t].length == 0) {
                out.append(in).append(node(src)).append(" -> ").append(node(src)).append(" [label=")
                        .append(quote(label.toString())).append(", style=dotted");
                clusterEnds(src, src);
                out.append("];\n");
            } else {
                for (int target : c.tTargets[t]) {
                    out.append(in).append(node(src)).append(" -> ").append(node(target)).append(" [label=")
                            .append(quote(label.toString()));
                    if (c.tInternal[t]) {
                        out.append(", style=dashed");
                    }
                    clusterEnds(src, target);
                    out.append("];\n");
                }
            }
        }
    }

    private boolean isInitialOf(int t) {
        for (int s = 0; s < c.stateCount; s++) {
            if (c.initial[s] == t) {
                return true;
            }
        }
        return false;
    }

    private void clusterEnds(int src, int target) {
        if (isCluster(src)) {
            out.append(", ltail=").append(clusterId(src));
        }
        if (isCluster(target) && target != src) {
            out.append(", lhead=").append(clusterId(target));
        }
    }

    private void edge(String from, int owner, int t, String label) {
        if (t < 0) {
            return;
        }
        for (int target : c.tTargets[t]) {
            out.append(edgeIndent).append(id(from)).append(" -> ").append(node(target)).append(" [label=")
                    .append(quote(label));
            if (isCluster(target)) {
                out.append(", lhead=").append(clusterId(target));
            }
            out.append("];\n");
        }
    }

    private void state(int s, String indent) {
        StateKind kind = c.kinds[s];
        String id = c.ids[s];
        if (isCluster(s)) {
            out.append(indent).append("subgraph ").append(clusterId(s)).append(" {\n");
            out.append(indent).append("  label=").append(quote(id + (kind == StateKind.PARALLEL ? " (parallel)" : "")))
                    .append(";\n");
            out.append(indent).append("  style=").append(kind == StateKind.PARALLEL ? "\"rounded,dashed\"" : "rounded")
                    .append(";\n");
            out.append(indent).append("  ").append(node(s)).append(" [shape=point, style=invis];\n");
            for (int h : c.histories[s]) {
                out.append(indent).append("  ").append(id(c.ids[h])).append(" [shape=circle, width=0.3, label=")
                        .append(quote(c.kinds[h] == StateKind.HISTORY_DEEP ? "H*" : "H")).append("];\n");
                edge(c.ids[h], s, c.initial[h], "");
            }
            if (kind == StateKind.COMPOUND && c.initial[s] >= 0) {
                String start = "start:" + id;
                out.append(indent).append("  ").append(id(start)).append(" [shape=point, width=0.1];\n");
                edge(start, s, c.initial[s], "");
            }
            for (int child : c.children[s]) {
                state(child, indent + "  ");
            }
            out.append(indent).append("}\n");
        } else if (kind == StateKind.FINAL) {
            out.append(indent).append(id(id)).append(" [shape=doublecircle, label=").append(quote(id)).append("];\n");
        } else if (prefix.isEmpty()) {
            out.append(indent).append(quote(id)).append(";\n");
        } else {
            out.append(indent).append(id(id)).append(" [label=").append(quote(id)).append("];\n"); // not its prefixed id
        }
    }
}

package io.canopy.statemachine.tools;

import io.canopy.statemachine.StateKind;
import io.canopy.statemachine.Statechart;

/**
 * Graphviz DOT of a chart: compound and parallel states are clusters (parallel ones dashed), atomic states
 * are rounded boxes, finals double circles, history states small circles with H / H*; transitions are edges
 * labelled {@code event [cond]}, drawn from and to cluster borders through an invisible anchor point.
 */
public final class DotWriter {
    private final Statechart c;
    private final StringBuilder out = new StringBuilder();

    private DotWriter(Statechart c) {
        this.c = c;
    }

    public static String write(Statechart c) {
        return new DotWriter(c).render();
    }

    private static String quote(String s) {
        return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }

    private boolean isCluster(int s) {
        return c.kinds[s] == StateKind.COMPOUND || c.kinds[s] == StateKind.PARALLEL;
    }

    private String node(int s) {
        return isCluster(s) ? quote("anchor:" + c.ids[s]) : quote(c.ids[s]);
    }

    private String render() {
        out.append("digraph ").append(quote(c.name == null ? "statechart" : c.name)).append(" {\n");
        out.append("  compound=true;\n  rankdir=LR;\n  node [shape=box, style=rounded, fontname=\"Helvetica\"];\n");
        out.append("  edge [fontname=\"Helvetica\", fontsize=10];\n");
        out.append("  \"__start\" [shape=point, width=0.15];\n");
        for (int child : c.children[0]) {
            state(child, "  ");
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
                out.append("  ").append(node(src)).append(" -> ").append(node(src)).append(" [label=")
                        .append(quote(label.toString())).append(", style=dotted");
                clusterEnds(src, src);
                out.append("];\n");
            } else {
                for (int target : c.tTargets[t]) {
                    out.append("  ").append(node(src)).append(" -> ").append(node(target)).append(" [label=")
                            .append(quote(label.toString()));
                    if (c.tInternal[t]) {
                        out.append(", style=dashed");
                    }
                    clusterEnds(src, target);
                    out.append("];\n");
                }
            }
        }
        out.append("}\n");
        return out.toString();
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
            out.append(", ltail=").append(quote("cluster_" + c.ids[src]));
        }
        if (isCluster(target) && target != src) {
            out.append(", lhead=").append(quote("cluster_" + c.ids[target]));
        }
    }

    private void edge(String from, int owner, int t, String label) {
        if (t < 0) {
            return;
        }
        for (int target : c.tTargets[t]) {
            out.append("  ").append(quote(from)).append(" -> ").append(node(target)).append(" [label=")
                    .append(quote(label));
            if (isCluster(target)) {
                out.append(", lhead=").append(quote("cluster_" + c.ids[target]));
            }
            out.append("];\n");
        }
    }

    private void state(int s, String indent) {
        StateKind kind = c.kinds[s];
        String id = c.ids[s];
        if (isCluster(s)) {
            out.append(indent).append("subgraph ").append(quote("cluster_" + id)).append(" {\n");
            out.append(indent).append("  label=").append(quote(id + (kind == StateKind.PARALLEL ? " (parallel)" : "")))
                    .append(";\n");
            out.append(indent).append("  style=").append(kind == StateKind.PARALLEL ? "\"rounded,dashed\"" : "rounded")
                    .append(";\n");
            out.append(indent).append("  ").append(node(s)).append(" [shape=point, style=invis];\n");
            for (int h : c.histories[s]) {
                out.append(indent).append("  ").append(quote(c.ids[h])).append(" [shape=circle, width=0.3, label=")
                        .append(quote(c.kinds[h] == StateKind.HISTORY_DEEP ? "H*" : "H")).append("];\n");
                edge(c.ids[h], s, c.initial[h], "");
            }
            if (kind == StateKind.COMPOUND && c.initial[s] >= 0) {
                String start = "start:" + id;
                out.append(indent).append("  ").append(quote(start)).append(" [shape=point, width=0.1];\n");
                edge(start, s, c.initial[s], "");
            }
            for (int child : c.children[s]) {
                state(child, indent + "  ");
            }
            out.append(indent).append("}\n");
        } else if (kind == StateKind.FINAL) {
            out.append(indent).append(quote(id)).append(" [shape=doublecircle, label=").append(quote(id)).append("];\n");
        } else {
            out.append(indent).append(quote(id)).append(";\n");
        }
    }
}

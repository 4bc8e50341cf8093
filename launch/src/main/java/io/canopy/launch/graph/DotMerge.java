package io.canopy.launch.graph;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Joins several DOT digraphs into one valid digraph: each becomes a {@code subgraph cluster_gK} labelled with
 * its name, and every node id and cluster name in it gets the prefix {@code gK_}, so that two trees with a node
 * {@code n0} (or a machine and a tree with a state and a node of one name) stay apart. Attribute names and
 * values are left alone, except {@code lhead}/{@code ltail}, which name clusters.
 */
final class DotMerge {
    private static final Pattern TOKEN = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"|[A-Za-z_][A-Za-z0-9_.]*|-?\\d+(?:\\.\\d+)?|->|--|\\S");
    private static final Set<String> KEYWORDS = Set.of("node", "edge", "graph", "subgraph", "digraph", "strict");
    private static final Pattern HEADER = Pattern.compile("\\A\\s*digraph\\s+(\"(?:[^\"\\\\]|\\\\.)*\"|\\S+)\\s*\\{");

    private DotMerge() {}

    /** One digraph named {@code name} holding every graph of {@code graphs} as a cluster. */
    static String merge(String name, List<String> graphs) {
        StringBuilder out = new StringBuilder();
        out.append("digraph \"").append(Dot.escape(name)).append("\" {\n  compound=true;\n");
        int k = 0;
        for (String g : graphs) {
            Matcher h = HEADER.matcher(g);
            if (!h.find()) {
                throw new IllegalArgumentException("not a digraph: " + g.substring(0, Math.min(40, g.length())));
            }
            String label = h.group(1).startsWith("\"") ? h.group(1).substring(1, h.group(1).length() - 1) : h.group(1);
            int end = g.lastIndexOf('}');
            String body = g.substring(h.end(), end);
            String prefix = "g" + k++ + "_";
            out.append("  subgraph \"cluster_").append(prefix).append("\" {\n    label=\"").append(label)
                    .append("\";\n");
            out.append(rename(body, prefix));
            out.append("\n  }\n");
        }
        return out.append("}\n").toString();
    }

    /** The body with every id renamed (see the class comment). */
    static String rename(String body, String prefix) {
        Matcher m = TOKEN.matcher(body);
        StringBuilder out = new StringBuilder();
        Map<String, String> ids = new LinkedHashMap<>(); // renamed -> as written
        Set<String> labelled = new HashSet<>();
        String statementId = null;
        boolean edge = false;
        int last = 0;
        int bracket = 0;
        String prev = "";
        String attr = "";
        while (m.find()) {
            String t = m.group();
            out.append(body, last, m.start());
            last = m.end();
            String replaced = t;
            boolean starts = prev.isEmpty() || prev.equals(";") || prev.equals("{") || prev.equals("}") || prev.equals("]");
            if (t.equals("[")) {
                bracket++;
            } else if (t.equals("]")) {
                bracket--;
            } else if (t.equals("->") || t.equals("--")) {
                edge = bracket == 0 || edge;
            } else if (t.equals("label") && bracket > 0) {
                attr = "label";
                if (statementId != null && !edge) {
                    labelled.add(statementId);
                }
            } else if (isId(t)) {
                boolean value = prev.equals("=");
                boolean name = nextIsEquals(body, m.end());
                if (bracket > 0) {
                    if (value && (attr.equals("lhead") || attr.equals("ltail"))) {
                        replaced = renamed(t, prefix);
                    }
                } else if (!value && !name && !KEYWORDS.contains(t)) {
                    replaced = renamed(t, prefix);
                    if (!replaced.startsWith("\"cluster_")) {
                        ids.put(replaced, t.startsWith("\"") ? t : "\"" + t + "\"");
                    }
                }
                if (bracket == 0 && starts) {
                    statementId = replaced;
                    edge = false;
                }
                if (name) {
                    attr = t;
                }
            }
            out.append(replaced);
            prev = t;
        }
        out.append(body.substring(last));
        for (Map.Entry<String, String> e : ids.entrySet()) { // a node without a label showed its id
            if (!labelled.contains(e.getKey())) {
                out.append("  ").append(e.getKey()).append(" [label=").append(e.getValue()).append("];\n");
            }
        }
        return out.toString();
    }

    private static boolean isId(String t) {
        return t.startsWith("\"") || Character.isLetterOrDigit(t.charAt(0)) || t.charAt(0) == '_'
                || (t.charAt(0) == '-' && t.length() > 1 && Character.isDigit(t.charAt(1)));
    }

    private static boolean nextIsEquals(String s, int from) {
        int i = from;
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
        return i < s.length() && s.charAt(i) == '=';
    }

    /** {@code n0} → {@code "g1_n0"}; a cluster keeps its {@code cluster} prefix: {@code "cluster_g1_X"}. */
    private static String renamed(String id, String prefix) {
        String raw = id.startsWith("\"") ? id.substring(1, id.length() - 1) : id;
        if (raw.startsWith("cluster")) {
            return "\"cluster_" + prefix + raw.substring("cluster".length()).replaceFirst("^_", "") + "\"";
        }
        return "\"" + prefix + raw + "\"";
    }
}

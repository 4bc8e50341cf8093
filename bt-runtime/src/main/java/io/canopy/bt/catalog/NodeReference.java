package io.canopy.bt.catalog;

import io.canopy.bt.NodeRegistry;
import io.canopy.bt.NodeType;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Generates the node reference ({@code docs/nodes.md}, {@code canopy nodes --markdown}) from a registry: every
 * node type grouped by family, with its kind, ports (direction, type, default, description), a one-line
 * description and the seed it comes from. The output depends only on the registry, so a test can check that
 * the checked-in file is current.
 */
public final class NodeReference {
    private static final String BTCPP_SEED = "002_dc568f1f41c0533b.txt";
    private static final Map<String, String> BTCPP = new LinkedHashMap<>();

    static {
        d("Sequence", "tick children in order; FAILURE at the first failure, resume a RUNNING child");
        d("SequenceWithMemory", "like Sequence, but a failure does not restart the children already done");
        d("AsyncSequence", "Sequence that yields (RUNNING + wake-up) after each synchronous child");
        d("ReactiveSequence", "re-tick every child from the first on each tick; halt the others when one runs");
        d("Fallback", "tick children in order until one succeeds; resume a RUNNING child");
        d("AsyncFallback", "Fallback that yields (RUNNING + wake-up) after each synchronous child");
        d("ReactiveFallback", "re-tick every child from the first on each tick until one succeeds");
        d("Parallel", "tick all children; success_count / failure_count thresholds decide");
        d("ParallelAll", "tick all children until all completed; failure if max_failures reached");
        d("IfThenElse", "if child 1 succeeds tick child 2, else child 3");
        d("WhileDoElse", "while child 1 succeeds tick child 2, else child 3 (reactive)");
        for (int n = 2; n <= 6; n++) {
            d("Switch" + n, "tick the child whose case_N equals variable, else the default (last) child");
        }
        d("TryCatch", "run the try children as a sequence; on failure run the catch (last) child");
        d("Inverter", "swap SUCCESS and FAILURE of the child");
        d("ForceSuccess", "SUCCESS when the child completes");
        d("ForceFailure", "FAILURE when the child completes");
        d("Repeat", "repeat the child num_cycles times while it succeeds");
        d("RetryUntilSuccessful", "retry the child up to num_attempts times until it succeeds");
        d("KeepRunningUntilFailure", "RUNNING while the child succeeds; FAILURE when it fails");
        d("RunOnce", "run the child once; later ticks return its result or SKIPPED");
        d("Delay", "wait delay_msec, then tick the child");
        d("Timeout", "halt the child and fail when it runs longer than msec");
        d("Precondition", "tick the child only if the script holds, else return the given status");
        d("LoopInt", "pop each integer of a queue into value and run the child");
        d("LoopDouble", "pop each real of a queue into value and run the child");
        d("LoopString", "pop each string of a queue into value and run the child");
        d("LoopBool", "pop each boolean of a queue into value and run the child");
        d("SkipUnlessUpdated", "SKIPPED unless the entry was written since the last run");
        d("WaitValueUpdate", "RUNNING until the entry is written, then tick the child");
        d("SubTree", "run another BehaviorTree with its own remapped blackboard");
        d("Script", "run a script; SUCCESS");
        d("ScriptCondition", "SUCCESS if the script is true, else FAILURE");
        d("SetBlackboard", "write value into output_key; SUCCESS");
        d("UnsetBlackboard", "empty the entry key; SUCCESS");
        d("Sleep", "RUNNING for msec, then SUCCESS");
        d("AlwaysSuccess", "SUCCESS");
        d("AlwaysFailure", "FAILURE");
        d("WasEntryUpdated", "SUCCESS if the entry was written since the last check");
    }

    private NodeReference() {}

    private static void d(String id, String text) {
        BTCPP.put(id, text);
    }

    /** The Markdown reference of every type in {@code registry}. */
    public static String markdown(NodeRegistry registry) {
        Map<String, List<NodeType>> families = new LinkedHashMap<>();
        families.put("BehaviorTree.CPP built-ins", new ArrayList<>());
        families.put("events", new ArrayList<>());
        families.put("cark", new ArrayList<>());
        families.put("xbt", new ArrayList<>());
        families.put("probabilistic", new ArrayList<>());
        families.put("luabt", new ArrayList<>());
        for (NodeType t : registry.all()) {
            NodeFamilies.Origin o = NodeFamilies.origin(t.id());
            String family = o != null ? o.family()
                    : registry.isBuiltin(t.id()) ? "BehaviorTree.CPP built-ins" : "registered";
            families.computeIfAbsent(family, k -> new ArrayList<>()).add(t);
        }
        StringBuilder sb = new StringBuilder();
        sb.append("# Node reference\n\n");
        sb.append("Generated by `canopy nodes --markdown` from the node registry: do not edit by hand. ")
                .append("`NodeReferenceTest` fails when this file is stale; regenerate it with\n")
                .append("`canopy nodes --markdown > docs/nodes.md`.\n\n");
        sb.append("Every node is usable as an XML element (`<Name port=\"value\"/>`) and from the Java ")
                .append("`TreeBuilder` (`TreeBuilder.node(\"Name\").port(...)`). The seed column names the behavior-tree library ")
                .append("a family comes from (cark, xbt, luabt and others); how each seed's names map to these is in ")
                .append("`bt-runtime/docs/seed-nodes.md`.\n\n");
        sb.append("| family | seed | node types |\n| --- | --- | --- |\n");
        for (Map.Entry<String, List<NodeType>> f : families.entrySet()) {
            if (f.getValue().isEmpty()) {
                continue;
            }
            sb.append("| ").append(f.getKey()).append(" | ").append(seedOf(f.getValue().get(0), registry))
                    .append(" | ").append(f.getValue().size()).append(" |\n");
        }
        for (Map.Entry<String, List<NodeType>> f : families.entrySet()) {
            if (f.getValue().isEmpty()) {
                continue;
            }
            sb.append("\n## ").append(f.getKey()).append("\n\n");
            sb.append("| node | kind | ports | description | seed name |\n| --- | --- | --- | --- | --- |\n");
            for (NodeType t : f.getValue()) {
                NodeFamilies.Origin o = NodeFamilies.origin(t.id());
                sb.append("| `").append(t.id()).append("` | ").append(t.kind().xmlName()).append(childrenNote(t))
                        .append(" | ").append(ports(t)).append(" | ").append(cell(description(t))).append(" | ")
                        .append(o != null ? "`" + o.seedName() + "`" : registry.isBuiltin(t.id()) ? t.id() : "")
                        .append(" |\n");
            }
            String rules = rules(f.getKey());
            if (rules != null) {
                sb.append("\n### Rules of the seed\n\n")
                        .append("Every rule the seed document states for this family, the scenario cases that prove it ")
                        .append("(`bt-runtime/src/test/resources/bt/seeds/*.yaml`, run by `SeedScenariosTest` and ")
                        .append("`canopy tree-test`), and the reading taken where the seed is ambiguous.\n\n")
                        .append(rules);
            }
        }
        return sb.toString();
    }

    /** The rule table of a family ({@code rules/<family>.md} next to this class), or null if it has none. */
    static String rules(String family) {
        try (InputStream in = NodeReference.class.getResourceAsStream("rules/" + family + ".md")) {
            if (in == null) {
                return null;
            }
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("\r\n", "\n");
            return text.endsWith("\n") ? text : text + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The families that have a rule table, in reference order. */
    public static List<String> ruleFamilies() {
        List<String> out = new ArrayList<>();
        for (String f : List.of("events", "cark", "xbt", "probabilistic", "luabt")) {
            if (rules(f) != null) {
                out.add(f);
            }
        }
        return out;
    }

    private static String seedOf(NodeType t, NodeRegistry registry) {
        NodeFamilies.Origin o = NodeFamilies.origin(t.id());
        if (o != null) {
            return o.seed();
        }
        return registry.isBuiltin(t.id()) ? BTCPP_SEED : "";
    }

    private static String description(NodeType t) {
        if (!t.description().isEmpty()) {
            return t.description();
        }
        String d = BTCPP.get(t.id());
        return d == null ? "" : d;
    }

    private static String childrenNote(NodeType t) {
        int min = t.minChildren();
        int max = t.maxChildren();
        if (max == 0) {
            return "";
        }
        if (min == max) {
            return " (" + min + (min == 1 ? " child)" : " children)");
        }
        return max < 0 ? " (" + min + "+ children)" : " (" + min + ".." + max + " children)";
    }

    private static String ports(NodeType t) {
        if (t.ports().isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        for (Port p : t.ports()) {
            if (sb.length() > 0) {
                sb.append("<br>");
            }
            String type = p.type() == PortType.ENUM && p.enumType() != null
                    ? enumNames(p.enumType()) : p.type().name().toLowerCase();
            sb.append('`').append(p.name()).append("` ").append(p.direction().name().toLowerCase()).append(' ')
                    .append(type);
            if (p.defaultValue() != null) {
                sb.append(" = `").append(p.defaultValue()).append('`');
            }
            if (p.isRequired()) {
                sb.append(" (required)");
            }
            if (!p.description().isEmpty()) {
                sb.append(": ").append(cell(p.description()));
            }
        }
        return sb.toString();
    }

    private static String enumNames(Class<? extends Enum<?>> type) {
        StringBuilder sb = new StringBuilder();
        for (Enum<?> e : type.getEnumConstants()) {
            sb.append(sb.length() == 0 ? "" : "\\|").append(e.name());
        }
        return sb.toString();
    }

    private static String cell(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }
}

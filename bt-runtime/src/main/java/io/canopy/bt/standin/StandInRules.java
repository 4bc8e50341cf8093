package io.canopy.bt.standin;

import io.canopy.InputException;
import io.canopy.Names;
import io.canopy.bt.Status;
import io.canopy.bt.load.TextFile;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * BehaviorTree.CPP's substitution rules, in YAML: an ordered list of {@link StandInRule}s. The first rule
 * whose pattern names a stand-in's type ID or its {@code name} says what it does; without one it succeeds at
 * once. The YAML block (in a scenario case, a scenario file or a {@code --stub-rules} file):
 * <pre>
 * stand_ins:
 *   ComputePathToPose: {running_ticks: 2, outputs: {path: "p1"}}   # RUNNING twice, then writes path, SUCCESS
 *   FollowPath:                                                   # first run fails, later runs succeed
 *     runs: [{result: FAILURE}, {running_ticks: 3}]
 *   "ClearLocal*": {result: SUCCESS}                              # by node name, with a wildcard
 * </pre>
 */
public final class StandInRules {
    /** No rule: every stand-in succeeds at once. */
    public static final StandInRules NONE = new StandInRules(List.of());

    private static final List<String> RULE_KEYS = List.of("result", "running_ticks", "outputs", "runs", "description");
    private static final List<String> RUN_KEYS = List.of("result", "running_ticks", "outputs");

    private final List<StandInRule> rules;

    public StandInRules(List<StandInRule> rules) {
        this.rules = List.copyOf(rules);
    }

    /** Rules by exact type ID (what {@code XmlTreeLoader.withStandIns(Map)} takes). */
    public static StandInRules ofTypes(Map<String, StandIn> byType) {
        List<StandInRule> out = new ArrayList<>();
        byType.forEach((id, s) -> out.add(new StandInRule(id, List.of(s), "")));
        return new StandInRules(out);
    }

    public List<StandInRule> rules() {
        return rules;
    }

    /** These rules first, then {@code fallback}'s. */
    public StandInRules then(StandInRules fallback) {
        List<StandInRule> all = new ArrayList<>(rules);
        all.addAll(fallback.rules);
        return new StandInRules(all);
    }

    /** The first rule for a node of type {@code typeId} named {@code name}, or null. */
    public StandInRule find(String typeId, String name) {
        for (StandInRule r : rules) {
            if (r.matches(typeId, name)) {
                return r;
            }
        }
        return null;
    }

    /**
     * Reads a rules file: a YAML map with a {@code stand_ins:} map. Every problem is one line naming
     * file:line:column and the rule.
     */
    public static StandInRules read(Path file) {
        String text = TextFile.read(file, "a stand-in rules file (YAML with a 'stand_ins:' map)");
        Object doc;
        Node root;
        try {
            doc = new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
            root = new Yaml(new SafeConstructor(new LoaderOptions())).compose(new StringReader(text));
        } catch (MarkedYAMLException e) {
            throw new InputException(file + ":" + (e.getProblemMark().getLine() + 1) + ":"
                    + (e.getProblemMark().getColumn() + 1) + ": bad YAML: " + e.getProblem());
        } catch (YAMLException e) {
            throw new InputException(file + ": bad YAML: " + e.getMessage());
        }
        if (!(doc instanceof Map<?, ?> m) || !m.containsKey("stand_ins") || m.size() != 1) {
            throw new InputException(file + ": a stand-in rules file is a map with one key, 'stand_ins:' (write"
                    + " stand_ins: {ComputePathToPose: {running_ticks: 2, outputs: {path: p1}}})");
        }
        Map<String, String> marks = new HashMap<>();
        if (root instanceof MappingNode top) {
            for (NodeTuple t : top.getValue()) {
                if (t.getKeyNode() instanceof ScalarNode k && k.getValue().equals("stand_ins")) {
                    marks.put("", mark(k.getStartMark()));
                    marks.putAll(keyMarks(t.getValueNode()));
                }
            }
        }
        return parse(m.get("stand_ins"), file.toString(), marks);
    }

    /** The {@code :line:column} of each key of a YAML mapping node (for {@link #parse} messages). */
    public static Map<String, String> keyMarks(Node node) {
        Map<String, String> out = new HashMap<>();
        if (node instanceof MappingNode m) {
            for (NodeTuple t : m.getValue()) {
                if (t.getKeyNode() instanceof ScalarNode k) {
                    out.put(k.getValue(), mark(k.getStartMark()));
                }
            }
        }
        return out;
    }

    private static String mark(Mark m) {
        return m == null ? "" : ":" + (m.getLine() + 1) + ":" + (m.getColumn() + 1);
    }

    /**
     * Parses a {@code stand_ins:} value (a map of pattern to rule, as SnakeYAML loads it); {@code where} is the
     * file, {@code marks} the {@code :line:column} of each pattern ({@code ""}: of the block itself).
     */
    public static StandInRules parse(Object value, String where, Map<String, String> marks) {
        if (value == null) {
            return NONE;
        }
        if (!(value instanceof Map<?, ?> map)) {
            throw new InputException(where + marks.getOrDefault("", "") + ": stand_ins: expected a map of node type"
                    + " or name to rule, found " + value + "; write stand_ins: {FollowPath: {result: FAILURE}}");
        }
        List<StandInRule> out = new ArrayList<>();
        for (Map.Entry<?, ?> e : map.entrySet()) {
            String pattern = String.valueOf(e.getKey());
            String at = where + marks.getOrDefault(pattern, marks.getOrDefault("", ""));
            String ctx = at + ": stand-in rule '" + pattern + "'";
            Map<String, Object> rule = map(e.getValue(), ctx);
            check(rule, RULE_KEYS, ctx);
            List<StandIn> runs = new ArrayList<>();
            if (rule.containsKey("runs")) {
                for (String k : RUN_KEYS) {
                    if (rule.containsKey(k)) {
                        throw new InputException(ctx + ": give either runs: [...] or " + k + ": here, not both");
                    }
                }
                if (!(rule.get("runs") instanceof List<?> list) || list.isEmpty()) {
                    throw new InputException(ctx + ": runs: expected a list of runs, like runs: [{result: FAILURE},"
                            + " {running_ticks: 2}]");
                }
                for (int i = 0; i < list.size(); i++) {
                    String rctx = ctx + ": run " + (i + 1);
                    Map<String, Object> run = map(list.get(i), rctx);
                    check(run, RUN_KEYS, rctx);
                    runs.add(run(run, rctx));
                }
            } else {
                runs.add(run(rule, ctx));
            }
            out.add(new StandInRule(pattern, runs, at));
        }
        return new StandInRules(out);
    }

    private static StandIn run(Map<String, Object> m, String ctx) {
        Status result = Status.SUCCESS;
        Object r = m.get("result");
        if (r != null) {
            String s = String.valueOf(r).toUpperCase(Locale.ROOT);
            if (!s.equals("SUCCESS") && !s.equals("FAILURE")) {
                throw new InputException(ctx + ": result: '" + r + "' must be SUCCESS or FAILURE (a stand-in is"
                        + " RUNNING for running_ticks ticks first)");
            }
            result = Status.valueOf(s);
        }
        int running = 0;
        Object t = m.get("running_ticks");
        if (t != null) {
            if (!(t instanceof Integer i) || i < 0) {
                throw new InputException(ctx + ": running_ticks: '" + t + "' is not a whole number >= 0; write"
                        + " running_ticks: 3 (RUNNING for 3 ticks, then the result)");
            }
            running = i;
        }
        Map<String, Object> outputs = new LinkedHashMap<>();
        Map<String, Object> given = map(m.get("outputs"), ctx + ": outputs");
        for (Map.Entry<String, Object> o : given.entrySet()) {
            Object v = o.getValue();
            if (v instanceof Integer i) {
                v = i.longValue();
            }
            if (!(v instanceof String || v instanceof Long || v instanceof Double || v instanceof Boolean)) {
                throw new InputException(ctx + ": outputs: " + o.getKey() + ": '" + v + "' is not a text, number"
                        + " or boolean");
            }
            outputs.put(o.getKey(), v);
        }
        return new StandIn(result, running, outputs);
    }

    private static void check(Map<String, Object> m, List<String> allowed, String ctx) {
        for (String key : m.keySet()) {
            if (!allowed.contains(key)) {
                throw new InputException(ctx + ": unknown key '" + key + "'" + Names.suggestion(key, allowed)
                        + "; the keys here are " + String.join(", ", allowed));
            }
        }
    }

    private static Map<String, Object> map(Object o, String ctx) {
        if (o == null) {
            return Map.of();
        }
        if (!(o instanceof Map<?, ?> m)) {
            throw new InputException(ctx + ": expected a map, found '" + o + "'");
        }
        Map<String, Object> out = new LinkedHashMap<>();
        m.forEach((k, v) -> out.put(String.valueOf(k), v));
        return out;
    }
}

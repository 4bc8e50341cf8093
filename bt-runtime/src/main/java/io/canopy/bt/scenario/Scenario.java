package io.canopy.bt.scenario;

import io.canopy.InputException;
import io.canopy.Names;
import io.canopy.bt.Status;
import io.canopy.bt.event.UnconsumedPolicy;
import io.canopy.bt.standin.StandInRules;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One case of a tree scenario file (the format of {@code conformance/bt/README.md}): a tree, scripted leaves,
 * initial blackboard, tick API, virtual clock step, actions between ticks, expected statuses, expected
 * error and post-run checks.
 */
public final class Scenario {
    /** A scripted leaf: its category and the statuses it returns tick after tick. */
    public record Leaf(String id, boolean condition, List<Status> returns) {}

    /**
     * An outbound event the case expects the tree to have sent: its name, and when given its number and its
     * attachment (compared as text). {@code null} parts are not checked.
     */
    public record Sent(String name, Double value, String payload) {
        @Override
        public String toString() {
            return name + (value != null ? "(" + Scenario.number(value) + (payload != null ? ", '" + payload + "'" : "") + ")"
                    : payload != null ? "('" + payload + "')" : "");
        }
    }

    /**
     * An action between ticks: {@code before_tick}/{@code after_tick}, then {@code set} and/or halt, and
     * {@code events} ({@code name: value} pairs, or a list of them to repeat a name) delivered to the tree, in
     * order, for the next tick.
     */
    public record Action(boolean before, int tick, Map<String, Object> set, boolean haltTree,
            List<Map.Entry<String, Object>> events) {}

    final String id;
    final String file;
    final String xml;
    final List<Leaf> leaves = new ArrayList<>();
    final Map<String, Object> blackboard = new LinkedHashMap<>();
    boolean once;
    long msPerTick;
    final List<Action> actions = new ArrayList<>();
    final List<Status> ticks = new ArrayList<>();
    String errorPhase;
    int xmlFirstLine;
    int errorAtTick;
    /** The tree file (relative to the scenario file) when the case gives file: instead of xml:. */
    String treeFile;
    /** Which tree of the file to run (null: the file decides). */
    String main;
    /** Palette files (relative to the scenario file). */
    List<String> palettes = List.of();
    /** What the stand-ins of declared-but-unimplemented types do. */
    StandInRules standIns = StandInRules.NONE;
    /** When > 0: tick until the root returns SUCCESS or FAILURE, at most this many times. */
    int maxTicks;
    /** The root's last status, when the case expects one. */
    Status expectResult;
    Map<String, Integer> expectTicks;
    Map<String, Integer> expectHalts;
    Map<String, Object> expectBlackboard;
    List<String> expectAbsent;
    List<String> expectTrace;
    /** The outbound events expected, in order; {@code "#k"} markers (strings) pin them to root tick k. */
    List<Object> expectSent;
    /** The seed of the tree's random source (0 unless the case says). */
    long seed;
    /** What the tree does with an event no node consumed in its tick (drop unless the case says). */
    UnconsumedPolicy unconsumed = UnconsumedPolicy.DROP;

    Scenario(String id, String file, String xml) {
        this.id = id;
        this.file = file;
        this.xml = xml;
    }

    public String id() {
        return id;
    }

    public String file() {
        return file;
    }

    /** Parses one case from its YAML map; {@code where} names the file for messages. */
    @SuppressWarnings("unchecked")
    static Scenario parse(Map<String, Object> map, String where) {
        return parse(map, where, Map.of());
    }

    /**
     * Parses one case; {@code lines} gives the {@code :line:column} of each of the case's keys in the file
     * ({@code ""} for the case itself) so that messages point at the key that is wrong.
     */
    @SuppressWarnings("unchecked")
    static Scenario parse(Map<String, Object> map, String where, Map<String, String> lines) {
        return parse(map, where, lines, Defaults.NONE);
    }

    /**
     * What a scenario file says for all its cases (top-level {@code file}, {@code palette}, {@code stand_ins});
     * a case's own keys win, and its stand-in rules come before the file's.
     */
    record Defaults(String file, List<String> palettes, StandInRules standIns) {
        static final Defaults NONE = new Defaults(null, List.of(), StandInRules.NONE);
    }

    private static Map<String, String> prefixed(Map<String, String> lines, String prefix) {
        Map<String, String> out = new HashMap<>();
        lines.forEach((k, v) -> {
            if (k.startsWith(prefix)) {
                out.put(k.substring(prefix.length()), v);
            }
        });
        out.put("", lines.getOrDefault(prefix.substring(0, prefix.length() - 1), lines.getOrDefault("", "")));
        return out;
    }

    @SuppressWarnings("unchecked")
    static Scenario parse(Map<String, Object> map, String where, Map<String, String> lines, Defaults defaults) {
        Object id = map.get("id");
        if (!(id instanceof String) || ((String) id).isEmpty()) {
            throw new InputException(where + lines.getOrDefault("", "")
                    + ": a case without id; give every case a unique id");
        }
        Function<String, String> at = key -> where
                + lines.getOrDefault(key, lines.getOrDefault("", "")) + ": case '" + id + "'";
        for (String key : map.keySet()) {
            checkKeys(Map.<String, Object>of(key, ""), CASE_KEYS, at.apply(key));
        }
        Object xml = map.get("xml");
        Object treeFile = map.containsKey("file") ? map.get("file") : defaults.file;
        if (xml != null && map.containsKey("file")) {
            throw new InputException(at.apply("file") + ": give either xml: (the tree inline) or file: (a tree file), not both");
        }
        if (xml == null && treeFile == null) {
            throw new InputException(at.apply("xml") + ": xml is missing (a complete <root BTCPP_format=\"4\"> document);"
                    + " or give file: path/to/tree.xml");
        }
        if (xml != null && !(xml instanceof String) || xml == null && !(treeFile instanceof String)) {
            throw new InputException(at.apply(xml != null ? "xml" : "file") + ": expected text, found "
                    + (xml != null ? xml : treeFile));
        }
        Scenario s = new Scenario((String) id, where, (String) xml);
        if (xml == null) {
            s.treeFile = (String) treeFile;
        }
        Object main = map.get("main");
        s.main = main == null ? null : String.valueOf(main);
        s.palettes = map.containsKey("palette") ? strings(map.get("palette")) : defaults.palettes;
        s.standIns = StandInRules.parse(map.get("stand_ins"), where, prefixed(lines, "stand_ins/"))
                .then(defaults.standIns);
        Object max = map.get("max_ticks");
        if (max != null) {
            if (!(max instanceof Integer m) || m < 1) {
                throw new InputException(at.apply("max_ticks") + ": max_ticks: '" + max + "' is not a whole number >= 1;"
                        + " write max_ticks: 500 (tick until the tree returns SUCCESS or FAILURE, at most 500 times)");
            }
            if (map.containsKey("ticks")) {
                throw new InputException(at.apply("max_ticks") + ": give either ticks: [...] (each tick's status) or"
                        + " max_ticks: N (tick until done), not both");
            }
            s.maxTicks = m;
        }
        s.xmlFirstLine = Integer.parseInt(lines.getOrDefault(ScenarioRunner.XML_FIRST_LINE, "0"));
        Map<String, Object> leaves = mapOf(map.get("leaves"), at.apply("leaves") + ": leaves");
        for (Map.Entry<String, Object> e : leaves.entrySet()) {
            Map<String, Object> leaf = mapOf(e.getValue(), at.apply("leaves") + ": leaf " + e.getKey());
            checkKeys(leaf, LEAF_KEYS, at.apply("leaves") + ": leaf " + e.getKey());
            String type = String.valueOf(leaf.getOrDefault("type", "Action"));
            if (!type.equals("Action") && !type.equals("Condition")) {
                throw new InputException(at.apply("leaves") + ": leaf " + e.getKey() + ": type '" + type
                        + "' must be Action or Condition");
            }
            List<Status> returns = statuses(leaf.get("returns"), at.apply("leaves") + ": leaf " + e.getKey() + ": returns");
            if (returns.isEmpty()) {
                throw new InputException(at.apply("leaves") + ": leaf " + e.getKey() + ": returns needs at least one status");
            }
            s.leaves.add(new Leaf(e.getKey(), type.equals("Condition"), returns));
        }
        s.blackboard.putAll(mapOf(map.get("blackboard"), at.apply("blackboard") + ": blackboard"));
        Object api = map.getOrDefault("tick_api", "exactly_once");
        if (!api.equals("exactly_once") && !api.equals("once")) {
            throw new InputException(at.apply("tick_api") + ": tick_api '" + api + "' must be once or exactly_once");
        }
        s.once = api.equals("once");
        Object ms = map.get("ms_per_tick");
        if (ms != null && (!(ms instanceof Integer || ms instanceof Long) || ((Number) ms).longValue() < 0)) {
            throw new InputException(at.apply("ms_per_tick") + ": ms_per_tick: '" + ms + "' is not a whole number of milliseconds >= 0;"
                    + " write for example ms_per_tick: 50");
        }
        s.msPerTick = ms == null ? 0 : ((Number) ms).longValue();
        Object seed = map.get("seed");
        if (seed != null && !(seed instanceof Integer || seed instanceof Long)) {
            throw new InputException(at.apply("seed") + ": seed: '" + seed + "' is not a whole number; write for"
                    + " example seed: 42 (the seed of the tree's random source)");
        }
        s.seed = seed == null ? 0L : ((Number) seed).longValue();
        Object unconsumed = map.get("unconsumed");
        if (unconsumed != null) {
            String u = String.valueOf(unconsumed);
            if (!u.equals("drop") && !u.equals("error")) {
                throw new InputException(at.apply("unconsumed") + ": unconsumed: '" + u + "' must be drop (the"
                        + " default: an event no node consumed in its tick is dropped) or error (the tick fails)");
            }
            s.unconsumed = u.equals("drop") ? UnconsumedPolicy.DROP
                    : UnconsumedPolicy.ERROR;
        }
        Object acts = map.get("actions");
        if (acts != null) {
            if (!(acts instanceof List)) {
                throw new InputException(at.apply("actions") + ": actions: expected a list, found " + acts
                        + "; write actions: [{before_tick: 2, set: {x: 1}}]");
            }
            for (Object a : (List<Object>) acts) {
                Map<String, Object> am = mapOf(a, at.apply("actions") + ": action");
                checkKeys(am, ACTION_KEYS, at.apply("actions") + ": action");
                boolean before = am.containsKey("before_tick");
                Object tick = before ? am.get("before_tick") : am.get("after_tick");
                if (!(tick instanceof Number)) {
                    throw new InputException(at.apply("actions") + ": an action needs before_tick: N or after_tick: N");
                }
                List<Map.Entry<String, Object>> events = new ArrayList<>();
                Object ev = am.get("events");
                for (Object one : ev instanceof List<?> l ? l : ev == null ? List.of() : List.of(ev)) {
                    events.addAll(mapOf(one, at.apply("actions") + ": events").entrySet());
                }
                events.forEach(kv -> {
                    Object v = kv.getValue();
                    if (v != null && !(v instanceof Number)) {
                        throw new InputException(at.apply("actions") + ": events: " + kv.getKey() + ": '" + v
                                + "' is not a number; write " + kv.getKey() + ": 0 (the event's value)");
                    }
                });
                s.actions.add(new Action(before, ((Number) tick).intValue(), mapOf(am.get("set"), at.apply("actions") + ": set"),
                        Boolean.TRUE.equals(am.get("halt_tree")), events));
            }
        }
        s.ticks.addAll(statuses(map.get("ticks"), at.apply("ticks") + ": ticks"));
        Map<String, Object> error = mapOf(map.get("error"), at.apply("error") + ": error");
        checkKeys(error, ERROR_KEYS, at.apply("error") + ": error");
        if (!error.isEmpty()) {
            s.errorPhase = String.valueOf(error.get("phase"));
            if (!s.errorPhase.equals("load") && !s.errorPhase.equals("tick")) {
                throw new InputException(at.apply("error") + ": error phase '" + s.errorPhase + "' must be load or tick");
            }
            Object atTick = error.get("at_tick");
            s.errorAtTick = atTick instanceof Number n ? n.intValue() : 0;
            if (s.errorPhase.equals("tick") && s.errorAtTick < 1) {
                throw new InputException(at.apply("error") + ": a tick error needs at_tick: N (N >= 1)");
            }
        }
        Map<String, Object> expect = mapOf(map.get("expect"), at.apply("expect") + ": expect");
        checkKeys(expect, EXPECT_KEYS, at.apply("expect") + ": expect");
        if (expect.containsKey("ticks")) {
            s.expectTicks = counts(expect.get("ticks"), at.apply("expect") + ": expect.ticks");
        }
        if (expect.containsKey("halts")) {
            s.expectHalts = counts(expect.get("halts"), at.apply("expect") + ": expect.halts");
        }
        if (expect.containsKey("blackboard")) {
            s.expectBlackboard = mapOf(expect.get("blackboard"), at.apply("expect") + ": expect.blackboard");
        }
        if (expect.containsKey("absent")) {
            s.expectAbsent = strings(expect.get("absent"));
        }
        if (expect.containsKey("trace")) {
            s.expectTrace = strings(expect.get("trace"));
        }
        if (expect.containsKey("result")) {
            List<Status> r = statuses(expect.get("result"), at.apply("expect") + ": expect.result");
            if (r.size() != 1) {
                throw new InputException(at.apply("expect") + ": expect.result: give one status (SUCCESS or FAILURE)");
            }
            s.expectResult = r.get(0);
        }
        if (expect.containsKey("sent")) {
            s.expectSent = sent(expect.get("sent"), at.apply("expect") + ": expect.sent");
        }
        return s;
    }

    private static final List<String> CASE_KEYS = List.of("id", "source", "description", "xml", "leaves",
            "blackboard", "tick_api", "ms_per_tick", "seed", "unconsumed", "actions", "ticks", "error", "expect",
            "file", "main", "palette", "stand_ins", "max_ticks");
    private static final List<String> LEAF_KEYS = List.of("type", "returns", "description");
    private static final List<String> ACTION_KEYS = List.of("before_tick", "after_tick", "set", "halt_tree", "events");
    private static final List<String> ERROR_KEYS = List.of("phase", "at_tick");
    private static final List<String> EXPECT_KEYS = List.of("ticks", "halts", "blackboard", "absent", "trace",
            "sent", "result");

    /** Refuses keys the format does not have (a misspelt key would otherwise be silently ignored). */
    static void checkKeys(Map<String, Object> map, List<String> allowed, String ctx) {
        for (String key : map.keySet()) {
            if (!allowed.contains(key)) {
                throw new InputException(ctx + ": unknown key '" + key + "'" + suggest(key, allowed)
                        + "; the keys here are " + String.join(", ", allowed));
            }
        }
    }

    private static String suggest(String key, List<String> allowed) {
        return Names.suggestion(key, allowed);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> mapOf(Object o, String what) {
        if (o == null) {
            return Collections.emptyMap();
        }
        if (!(o instanceof Map)) {
            throw new InputException(what + ": expected a map, found " + o);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        ((Map<Object, Object>) o).forEach((k, v) -> out.put(String.valueOf(k), v));
        return out;
    }

    /**
     * {@code expect.sent}: a list whose entries are an event name ({@code hello}), a one-entry map of name to
     * number or text ({@code {done: 3}}, {@code {log: 'ok'}}), a map {@code {name: n, value: v, payload: p}},
     * or a {@code '#k'} marker for root tick k.
     */
    @SuppressWarnings("unchecked")
    private static List<Object> sent(Object o, String what) {
        if (!(o instanceof List<?> l)) {
            throw new InputException(what + ": expected a list of events, found " + o
                    + "; write sent: [hello, {done: 3}]");
        }
        List<Object> out = new ArrayList<>();
        for (Object e : l) {
            if (e instanceof String str) {
                if (str.startsWith("#")) {
                    try {
                        Integer.parseInt(str.substring(1));
                    } catch (NumberFormatException x) {
                        throw new InputException(what + ": '" + str + "' is not a tick marker; write '#2' for tick 2");
                    }
                    out.add(str);
                } else {
                    out.add(new Sent(str, null, null));
                }
            } else if (e instanceof Map<?, ?> m && m.containsKey("name")) {
                Map<String, Object> mm = mapOf(m, what);
                checkKeys(mm, List.of("name", "value", "payload"), what);
                Object v = mm.get("value");
                if (v != null && !(v instanceof Number)) {
                    throw new InputException(what + ": value '" + v + "' of event " + mm.get("name") + " is not a number");
                }
                Object p = mm.get("payload");
                out.add(new Sent(String.valueOf(mm.get("name")), v == null ? null : ((Number) v).doubleValue(),
                        p == null ? null : String.valueOf(p)));
            } else if (e instanceof Map<?, ?> m && m.size() == 1) {
                Map.Entry<?, ?> kv = m.entrySet().iterator().next();
                Object v = kv.getValue();
                out.add(new Sent(String.valueOf(kv.getKey()), v instanceof Number n ? n.doubleValue() : null,
                        v == null || v instanceof Number ? null : String.valueOf(v)));
            } else {
                throw new InputException(what + ": '" + e + "' is not an event; write a name (hello), {name: value}"
                        + " or {name: n, value: v, payload: p}");
            }
        }
        return out;
    }

    /** A number as YAML would write it: 3 rather than 3.0. */
    static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.valueOf((long) v) : String.valueOf(v);
    }

    private static List<Status> statuses(Object o, String what) {
        List<Status> out = new ArrayList<>();
        if (o == null) {
            return out;
        }
        for (Object v : o instanceof List<?> l ? l : List.of(o)) {
            try {
                Status st = Status.valueOf(String.valueOf(v));
                if (st == Status.IDLE) {
                    throw new IllegalArgumentException();
                }
                out.add(st);
            } catch (IllegalArgumentException e) {
                throw new InputException(what + ": '" + v + "' is not a status (SUCCESS, FAILURE, RUNNING, SKIPPED)");
            }
        }
        return out;
    }

    private static Map<String, Integer> counts(Object o, String what) {
        Map<String, Integer> out = new LinkedHashMap<>();
        mapOf(o, what).forEach((k, v) -> {
            if (!(v instanceof Number n)) {
                throw new InputException(what + ": " + k + ": '" + v + "' is not a count");
            }
            out.put(k, n.intValue());
        });
        return out;
    }

    private static List<String> strings(Object o) {
        List<String> out = new ArrayList<>();
        if (o instanceof List<?> l) {
            for (Object v : l) {
                out.add(String.valueOf(v));
            }
        } else if (o != null) {
            out.add(String.valueOf(o));
        }
        return out;
    }
}

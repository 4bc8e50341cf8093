package io.canopy.bt.scenario;

import io.canopy.InputException;
import io.canopy.bt.Blackboard;
import io.canopy.bt.Entry;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.NodeType;
import io.canopy.bt.Status;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.bt.event.TreeEvents;
import io.canopy.bt.load.TextFile;
import io.canopy.bt.load.XmlTreeLoader;
import io.canopy.bt.standin.StandInLog;
import io.canopy.bt.standin.StandInRules;
import io.canopy.expr.ValueKind;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.ManualNanoClock;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.yaml.snakeyaml.DumperOptions;
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
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Runs tree scenario files ({@code canopy tree-test}): builds each case's tree with its scripted leaves on a
 * manual clock and one-shot timer queue, ticks it as the case says, and compares statuses, errors, leaf tick
 * and halt counts, blackboard values and the exact trace.
 */
public final class ScenarioRunner {
    /**
     * The outcome of one case; {@code invalid} when it could not run because a file it names is invalid (bad
     * input: {@code canopy tree-test} exits 2, not 1).
     */
    public record Result(String id, String file, boolean passed, String message, boolean invalid) {
        public Result(String id, String file, boolean passed, String message) {
            this(id, file, passed, message, false);
        }

        /** {@code PASS id} or {@code FAIL id: what differed}. */
        public String line() {
            return passed ? "PASS " + id : "FAIL " + id + ": " + message;
        }
    }

    private final NodeRegistry base;
    private final List<Path> palettes = new ArrayList<>();
    private StandInRules standIns = StandInRules.NONE;

    /** @param base the node types available besides the scripted leaves (usually the built-ins) */
    public ScenarioRunner(NodeRegistry base) {
        this.base = base;
    }

    /**
     * A runner with every built-in node type (BT.CPP's and Canopy's seed families). A scripted leaf may take
     * the ID of a seed node type, which it then shadows for that case, as in a BT.CPP factory.
     */
    public ScenarioRunner() {
        this(NodeRegistry.withBuiltins());
    }

    /** Palettes for every case ({@code tree-test --palette}), before each file's and case's own. */
    public ScenarioRunner withPalettes(List<Path> files) {
        palettes.addAll(files);
        return this;
    }

    /** Stand-in rules for every case ({@code tree-test --stub-rules}), after each case's and file's own rules. */
    public ScenarioRunner withStandIns(StandInRules rules) {
        standIns = standIns.then(rules);
        return this;
    }

    /** The {@code .yaml}/{@code .yml} files of {@code paths} (folders searched recursively), sorted. */
    public static List<Path> collect(List<Path> paths) {
        List<Path> out = new ArrayList<>();
        for (Path p : paths) {
            if (Files.isDirectory(p)) {
                int before = out.size();
                try (Stream<Path> s = Files.walk(p)) {
                    s.filter(f -> Files.isRegularFile(f)
                            && (f.toString().endsWith(".yaml") || f.toString().endsWith(".yml")))
                            .sorted().forEach(out::add);
                } catch (IOException | UncheckedIOException e) {
                    throw new InputException(p + ": cannot list: " + e.getMessage());
                }
                if (out.size() == before) {
                    throw new InputException(p + ": no scenario files (*.yaml, *.yml) in this folder; give a"
                            + " scenario file or a folder holding some");
                }
            } else if (Files.isRegularFile(p)) {
                out.add(p);
            } else {
                throw new InputException(p + ": no such file or folder");
            }
        }
        return out;
    }

    /** Parses the cases of one scenario file. */
    @SuppressWarnings("unchecked")
    public static List<Scenario> load(Path file) {
        Object doc;
        String text = TextFile.read(file, "a scenario file (YAML with a 'cases:' list)");
        try {
            doc = new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
        } catch (MarkedYAMLException e) {
            throw new InputException(file + ":" + (e.getProblemMark().getLine() + 1) + ":"
                    + (e.getProblemMark().getColumn() + 1) + ": bad YAML: " + e.getProblem());
        } catch (YAMLException e) {
            throw new InputException(file + ": bad YAML: " + e.getMessage());
        }
        if (!(doc instanceof Map<?, ?> m) || !(m.get("cases") instanceof List<?> cases)) {
            throw new InputException(file + ": a scenario file is a map with a 'cases:' list");
        }
        Map<String, Object> top = new LinkedHashMap<>();
        m.forEach((k, v) -> top.put(String.valueOf(k), v));
        Scenario.checkKeys(top, List.of("family", "description", "cases", "file", "palette", "stand_ins"),
                file.toString());
        Map<String, String> topMarks = new HashMap<>();
        Node composed = new Yaml(new SafeConstructor(new LoaderOptions())).compose(new StringReader(text));
        if (composed instanceof MappingNode tm) {
            for (NodeTuple t : tm.getValue()) {
                if (t.getKeyNode() instanceof ScalarNode k && k.getValue().equals("stand_ins")) {
                    topMarks.put("", mark(k.getStartMark()));
                    topMarks.putAll(StandInRules.keyMarks(t.getValueNode()));
                }
            }
        }
        Object topFile = top.get("file");
        if (topFile != null && !(topFile instanceof String)) {
            throw new InputException(file + ": file: expected a path to a tree file, found " + topFile);
        }
        List<String> topPalettes = new ArrayList<>();
        Object pal = top.get("palette");
        for (Object o : pal instanceof List<?> l ? l : pal == null ? List.of() : List.of(pal)) {
            topPalettes.add(String.valueOf(o));
        }
        Scenario.Defaults defaults = new Scenario.Defaults((String) topFile, topPalettes,
                StandInRules.parse(top.get("stand_ins"), file.toString(), topMarks));
        List<Map<String, String>> lines = caseLines(text);
        List<Scenario> out = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            Map<String, String> at = i < lines.size() ? lines.get(i) : Map.of();
            if (!(cases.get(i) instanceof Map)) {
                throw new InputException(file + at.getOrDefault("", "") + ": every entry of 'cases' is a map"
                        + " (- id: ..., xml: ..., ticks: [...])");
            }
            out.add(Scenario.parse((Map<String, Object>) cases.get(i), file.toString(), at, defaults));
        }
        return out;
    }

    /** The key under which {@link #caseLines} keeps the file line of the first line of a case's xml. */
    static final String XML_FIRST_LINE = "xml@";

    /** Turns {@code <text>:L:C: ...} (a line of the case's xml) into {@code file:line: ...} of the scenario file. */
    private static String inFile(Scenario s, String message) {
        if (message == null || !message.startsWith("<text>:") || s.xmlFirstLine <= 0) {
            return message;
        }
        int colon = message.indexOf(':', 7);
        try {
            int line = Integer.parseInt(message.substring(7, colon));
            int end = message.indexOf(':', colon + 1);
            return s.file + ":" + (s.xmlFirstLine + line - 1) + " (xml line " + line + ", column "
                    + message.substring(colon + 1, end) + ")" + message.substring(end);
        } catch (RuntimeException e) {
            return message;
        }
    }

    /** For each case, the {@code :line:column} of the case ({@code ""}) and of each of its keys. */
    private static List<Map<String, String>> caseLines(String text) {
        List<Map<String, String>> out = new ArrayList<>();
        Node root = new Yaml(new SafeConstructor(new LoaderOptions())).compose(new StringReader(text));
        if (!(root instanceof MappingNode m)) {
            return out;
        }
        for (NodeTuple t : m.getValue()) {
            if (t.getKeyNode() instanceof ScalarNode k && k.getValue().equals("cases")
                    && t.getValueNode() instanceof SequenceNode seq) {
                for (Node c : seq.getValue()) {
                    Map<String, String> at = new HashMap<>();
                    at.put("", mark(c.getStartMark()));
                    if (c instanceof MappingNode cm) {
                        for (NodeTuple kv : cm.getValue()) {
                            if (kv.getKeyNode() instanceof ScalarNode key) {
                                at.put(key.getValue(), mark(key.getStartMark()));
                                if (key.getValue().equals("stand_ins")) {
                                    StandInRules.keyMarks(kv.getValueNode())
                                            .forEach((k2, v2) -> at.put("stand_ins/" + k2, v2));
                                }
                                if (key.getValue().equals("xml") && kv.getValueNode() instanceof ScalarNode x) {
                                    boolean block = x.getScalarStyle() == DumperOptions.ScalarStyle.LITERAL
                                            || x.getScalarStyle() == DumperOptions.ScalarStyle.FOLDED;
                                    at.put(XML_FIRST_LINE, String.valueOf(x.getStartMark().getLine() + (block ? 2 : 1)));
                                }
                            }
                        }
                    }
                    out.add(at);
                }
            }
        }
        return out;
    }

    private static String mark(Mark m) {
        return m == null ? "" : ":" + (m.getLine() + 1) + ":" + (m.getColumn() + 1);
    }

    /** Runs one case. Never throws for a failing case: the result says what differed. */
    public Result run(Scenario s) {
        try {
            String diff = execute(s);
            return new Result(s.id, s.file, diff == null, diff);
        } catch (InputException e) {
            return new Result(s.id, s.file, false, e.getMessage(), true);
        } catch (RuntimeException e) {
            return new Result(s.id, s.file, false, "the harness failed: " + e);
        }
    }

    private String execute(Scenario s) {
        List<String> trace = new ArrayList<>();
        Map<String, LeafScript> scripts = new HashMap<>();
        NodeRegistry registry = base.copy();
        for (Scenario.Leaf leaf : s.leaves) {
            LeafScript script = new LeafScript(leaf.id(), leaf.returns().toArray(new Status[0]), trace);
            scripts.put(leaf.id(), script);
            NodeType type = leaf.condition()
                    ? NodeType.condition(leaf.id(), init -> new ScriptedLeaf(init, script))
                    : NodeType.action(leaf.id(), init -> new ScriptedLeaf(init, script));
            try {
                registry.registerReplacing(type);
            } catch (IllegalArgumentException e) {
                throw new InputException(s.file + ": case '" + s.id + "': leaf " + leaf.id() + ": " + e.getMessage()
                        + "; rename the leaf");
            }
        }
        ManualNanoClock clock = new ManualNanoClock();
        DeadlineTimerQueue timers = new DeadlineTimerQueue(clock);
        Blackboard bb = Blackboard.create();
        for (Map.Entry<String, Object> e : s.blackboard.entrySet()) {
            write(bb, e.getKey(), e.getValue());
        }
        Tree tree;
        Path base = Path.of(s.file).toAbsolutePath().getParent();
        StandInCounts counts = new StandInCounts(scripts, trace);
        TreeContext context = new TreeContext(timers, s.seed).withService(StandInLog.class, counts);
        try {
            XmlTreeLoader loader = new XmlTreeLoader(registry).withMain(s.main).withStandIns(s.standIns.then(standIns));
            for (Path p : palettes) {
                loader.withPalette(p);
            }
            for (String p : s.palettes) {
                loader.withPalette(base.resolve(p));
            }
            tree = s.treeFile != null ? loader.loadFile(base.resolve(s.treeFile), bb, context)
                    : loader.loadText(s.xml, bb, context);
        } catch (RuntimeException e) {
            if ("load".equals(s.errorPhase)) {
                return null;
            }
            if (e instanceof InputException) {
                throw new InputException("load error: " + inFile(s, e.getMessage()), e); // an invalid file: bad input
            }
            return "load error: " + inFile(s, e.getMessage());
        }
        if ("load".equals(s.errorPhase)) {
            return "expected a load error, but the tree loaded";
        }
        TreeEvents events = TreeEvents.of(tree.context()).policy(s.unconsumed);
        List<Object> sent = new ArrayList<>();
        boolean tickError = "tick".equals(s.errorPhase);
        int count = tickError ? s.errorAtTick : s.maxTicks > 0 ? s.maxTicks : s.ticks.size();
        Status last = null;
        List<String> diffs = new ArrayList<>();
        for (int k = 1; k <= count; k++) {
            if (k > 1) {
                clock.advanceNs(s.msPerTick * 1_000_000L);
            }
            timers.poll(clock.nanoTime());
            runActions(s, k, true, tree, bb, trace);
            trace.add("#" + k);
            sent.add("#" + k);
            Status got;
            try {
                got = s.once ? tree.tickOnce() : tree.tickExactlyOnce();
            } catch (RuntimeException e) {
                drainSent(events, sent);
                if (tickError && k == s.errorAtTick) {
                    return diffs.isEmpty() ? null : String.join("; ", diffs);
                }
                diffs.add("tick " + k + " threw: " + e.getMessage());
                return String.join("; ", diffs);
            }
            drainSent(events, sent);
            if (tickError && k == s.errorAtTick) {
                diffs.add("tick " + k + " returned " + got + ", expected an error");
                return String.join("; ", diffs);
            }
            if (k <= s.ticks.size() && got != s.ticks.get(k - 1)) {
                diffs.add("tick " + k + " returned " + got + ", expected " + s.ticks.get(k - 1));
            }
            last = got;
            runActions(s, k, false, tree, bb, trace);
            if (s.maxTicks > 0 && got != Status.RUNNING) {
                break;
            }
        }
        if (s.expectResult != null && last != s.expectResult) {
            diffs.add(s.maxTicks > 0 && last == Status.RUNNING
                    ? "the tree was still RUNNING after max_ticks " + s.maxTicks + ", expected " + s.expectResult
                    : "the tree returned " + last + ", expected " + s.expectResult);
        }
        check(s, scripts, bb, trace, diffs);
        checkSent(s, sent, diffs);
        return diffs.isEmpty() ? null : String.join("; ", diffs);
    }

    /** Moves what the tree sent in the last tick from its outbox to {@code sent}. */
    private static void drainSent(TreeEvents events, List<Object> sent) {
        events.outbox().drain(e -> sent.add(new Scenario.Sent(e.name(), e.value(),
                e.attachment() == null ? null : String.valueOf(e.attachment()))));
    }

    /**
     * Compares the sent events with {@code expect.sent}: in order, each expected part (value, payload) that is
     * given must match; tick markers are compared only when the expectation has some.
     */
    private static void checkSent(Scenario s, List<Object> sent, List<String> diffs) {
        if (s.expectSent == null) {
            return;
        }
        boolean markers = false;
        for (Object o : s.expectSent) {
            markers |= o instanceof String;
        }
        List<Object> got = new ArrayList<>();
        for (Object o : sent) {
            if (markers || !(o instanceof String)) {
                got.add(o);
            }
        }
        int n = Math.max(got.size(), s.expectSent.size());
        for (int i = 0; i < n; i++) {
            Object want = i < s.expectSent.size() ? s.expectSent.get(i) : null;
            Object have = i < got.size() ? got.get(i) : null;
            if (!sentMatches(want, have)) {
                diffs.add("sent events differ at " + (i + 1) + ": got " + (have == null ? "nothing" : have)
                        + ", expected " + (want == null ? "nothing" : want) + " (all sent: " + got + ")");
                return;
            }
        }
    }

    private static boolean sentMatches(Object want, Object have) {
        if (want == null || have == null) {
            return want == have;
        }
        if (want instanceof String || have instanceof String) {
            return want.equals(have);
        }
        Scenario.Sent w = (Scenario.Sent) want;
        Scenario.Sent h = (Scenario.Sent) have;
        return w.name().equals(h.name())
                && (w.value() == null || Math.abs(w.value() - h.value()) <= 1e-9)
                && (w.payload() == null || w.payload().equals(h.payload()));
    }

    private static void runActions(Scenario s, int tick, boolean before, Tree tree, Blackboard bb,
            List<String> trace) {
        for (Scenario.Action a : s.actions) {
            if (a.before() != before || a.tick() != tick) {
                continue;
            }
            for (Map.Entry<String, Object> e : a.set().entrySet()) {
                write(bb, e.getKey(), e.getValue());
            }
            if (a.haltTree()) {
                trace.add("#halt_tree");
                tree.haltTree();
            }
            for (Map.Entry<String, Object> e : a.events()) {
                Object v = e.getValue();
                TreeEvents.of(tree.context()).deliver(e.getKey(), v == null ? 0 : ((Number) v).doubleValue());
            }
        }
    }

    private static void write(Blackboard bb, String key, Object value) {
        Entry e = bb.entry(key);
        if (value instanceof Integer || value instanceof Long) {
            e.setLong(((Number) value).longValue());
        } else if (value instanceof Number n) {
            e.setDouble(n.doubleValue());
        } else if (value instanceof Boolean b) {
            e.setBoolean(b);
        } else {
            e.setObject(value == null ? "" : String.valueOf(value));
        }
    }

    private static void check(Scenario s, Map<String, LeafScript> scripts, Blackboard bb, List<String> trace,
            List<String> diffs) {
        if (s.expectTicks != null) {
            s.expectTicks.forEach((id, n) -> {
                LeafScript ls = scripts.get(id);
                int got = ls == null ? 0 : ls.ticks;
                if (got != n) {
                    diffs.add("leaf " + id + " ticked " + got + " times, expected " + n);
                }
            });
        }
        if (s.expectHalts != null) {
            s.expectHalts.forEach((id, n) -> {
                LeafScript ls = scripts.get(id);
                int got = ls == null ? 0 : ls.halts;
                if (got != n) {
                    diffs.add("leaf " + id + " halted " + got + " times, expected " + n);
                }
            });
        }
        if (s.expectBlackboard != null) {
            s.expectBlackboard.forEach((key, want) -> {
                Entry e = bb.find(key);
                if (e == null || !e.hasValue()) {
                    diffs.add("blackboard " + key + " has no value, expected " + want);
                } else if (!matches(e, want)) {
                    diffs.add("blackboard " + key + " = " + e.stringValue() + ", expected " + want);
                }
            });
        }
        if (s.expectAbsent != null) {
            for (String key : s.expectAbsent) {
                Entry e = bb.find(key);
                if (e != null && e.hasValue()) {
                    diffs.add("blackboard " + key + " = " + e.stringValue() + ", expected absent");
                }
            }
        }
        if (s.expectTrace != null && !s.expectTrace.equals(trace)) {
            int i = 0;
            while (i < trace.size() && i < s.expectTrace.size() && trace.get(i).equals(s.expectTrace.get(i))) {
                i++;
            }
            diffs.add("trace differs at event " + (i + 1) + ": got "
                    + trace.subList(i, Math.min(trace.size(), i + 4)) + ", expected "
                    + s.expectTrace.subList(i, Math.min(s.expectTrace.size(), i + 4)) + " (full trace " + trace + ")");
        }
    }

    private static boolean matches(Entry e, Object want) {
        ValueKind kind = e.kind();
        if (want instanceof Boolean b) {
            if (kind == ValueKind.BOOLEAN || kind == ValueKind.LONG || kind == ValueKind.DOUBLE) {
                return e.doubleValue() == (b ? 1 : 0);
            }
            return e.stringValue().equals(b.toString());
        }
        if (want instanceof Number n) {
            try {
                return Math.abs(e.doubleValue() - n.doubleValue()) <= 1e-9;
            } catch (RuntimeException ex) {
                return false;
            }
        }
        return kind == ValueKind.STRING ? e.stringValue().equals(String.valueOf(want))
                : e.stringValue().equals(String.valueOf(want));
    }
}

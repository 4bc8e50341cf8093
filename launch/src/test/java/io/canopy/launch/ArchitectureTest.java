package io.canopy.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The house rules of the source tree, read from the main sources of every module (docs/architecture.md says why):
 * small packages with a package-info, unique class names, imports instead of inline fully qualified names, files
 * under 500 lines, a composition root no other class receives, and no package cycle beyond the ones listed here
 * (a ratchet: the list may only shrink).
 */
class ArchitectureTest {
    static final int MAX_FILES_PER_PACKAGE = 28;
    static final int MAX_LINES_PER_FILE = 500;

    /**
     * Package cycles that exist today, each as the set of packages in one strongly connected component. A cycle
     * that is not inside one of these sets fails the test; when a set shrinks or goes, shrink or remove it here.
     */
    static final List<Set<String>> KNOWN_CYCLES = List.of(
            Set.of("io.canopy.expr", "io.canopy.expr.ast"),
            Set.of("io.canopy.tick", "io.canopy.tick.realtime", "io.canopy.tick.stats"),
            Set.of("io.canopy.bt", "io.canopy.bt.action", "io.canopy.bt.catalog", "io.canopy.bt.concurrency",
                    "io.canopy.bt.condition", "io.canopy.bt.control", "io.canopy.bt.decorator", "io.canopy.bt.diagnostics",
                    "io.canopy.bt.event", "io.canopy.bt.functions", "io.canopy.bt.guards", "io.canopy.bt.learning",
                    "io.canopy.bt.load", "io.canopy.bt.outcome", "io.canopy.bt.probability", "io.canopy.bt.repetition",
                    "io.canopy.bt.scope", "io.canopy.bt.script", "io.canopy.bt.standin", "io.canopy.bt.standin.nav2",
                    "io.canopy.bt.timing"),
            Set.of("io.canopy.statemachine", "io.canopy.statemachine.build", "io.canopy.statemachine.ecma",
                    "io.canopy.statemachine.tools", "io.canopy.statemachine.tree"),
            Set.of("io.canopy.messaging", "io.canopy.messaging.broker", "io.canopy.messaging.service"),
            Set.of("io.canopy.launch", "io.canopy.launch.fleet", "io.canopy.launch.plan", "io.canopy.launch.read",
                    "io.canopy.launch.remote", "io.canopy.launch.report", "io.canopy.launch.route", "io.canopy.launch.run",
                    "io.canopy.launch.status"),
            Set.of("io.canopy.launch.cli", "io.canopy.launch.cli.bench", "io.canopy.launch.cli.topic",
                    "io.canopy.launch.cli.tree"));

    /** Files over the limit today, with their length now: they may only shrink (split them; then remove them here). */
    static final Map<String, Integer> KNOWN_LARGE = Map.of(
            "SerialLink.java", 692, "MachineCore.java", 628, "NodeReader.java", 604, "Replay.java", 648,
            "Connection.java", 546, "Ops.java", 531);

    private static final Pattern NOISE = Pattern.compile(
            "/\\*.*?\\*/|//[^\\n]*|\"\"\"[\\s\\S]*?\"\"\"|\"(?:\\\\.|[^\"\\\\\\n])*\"|'(?:\\\\.|[^'\\\\\\n])+'", Pattern.DOTALL);
    private static final Pattern INLINE = Pattern.compile(
            "(?<![\\w.@])((?:java|javax|io|org|com|net|picocli|jssc)(?:\\.[a-z_][a-z0-9_]*)+)\\.([A-Z]\\w*)");
    private static final Pattern IMPORT = Pattern.compile("^import (?:static )?([\\w.]+);", Pattern.MULTILINE);
    private static final Set<String> JAVA_LANG = Set.of("Object", "String", "Integer", "Long", "Double", "Float", "Short",
            "Byte", "Character", "Boolean", "Number", "Math", "System", "Thread", "Runnable", "Exception", "Error",
            "Record", "Override", "Process", "Void", "Class", "Enum", "Module", "Package");

    record Source(Path path, String pkg, String name, String text, String code) {}

    static final List<Source> SOURCES = new ArrayList<>();

    @BeforeAll
    static void read() throws IOException {
        if (!SOURCES.isEmpty()) {
            return;
        }
        Path root = Path.of("..").toAbsolutePath().normalize();
        try (Stream<Path> modules = Files.list(root)) {
            for (Path module : modules.filter(m -> Files.isDirectory(m.resolve("src/main/java"))).toList()) {
                try (Stream<Path> files = Files.walk(module.resolve("src/main/java"))) {
                    files.filter(f -> f.toString().endsWith(".java")).sorted().forEach(f -> SOURCES.add(source(root, f)));
                }
            }
        }
        assertThat(SOURCES).as("main sources found under " + root).hasSizeGreaterThan(500);
    }

    private static Source source(Path root, Path f) {
        try {
            String text = Files.readString(f);
            Matcher p = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE).matcher(text);
            String pkg = p.find() ? p.group(1) : "";
            String code = NOISE.matcher(text).replaceAll(" ").replaceAll("(?m)^(package|import) [^\\n]*", "");
            String name = f.getFileName().toString().replace(".java", "");
            return new Source(root.relativize(f), pkg, name, text, code);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void everyPackageIsSmallAndSaysWhatLivesInIt() {
        Map<String, List<Source>> byPackage = new TreeMap<>();
        SOURCES.forEach(s -> byPackage.computeIfAbsent(s.pkg(), k -> new ArrayList<>()).add(s));
        List<String> problems = new ArrayList<>();
        byPackage.forEach((pkg, files) -> {
            long classes = files.stream().filter(s -> !s.name().equals("package-info")).count();
            if (classes > MAX_FILES_PER_PACKAGE) {
                problems.add(pkg + ": " + classes + " files (at most " + MAX_FILES_PER_PACKAGE + "): split it by role");
            }
            if (files.stream().noneMatch(s -> s.name().equals("package-info"))) {
                problems.add(pkg + ": no package-info.java (two lines: what lives here)");
            }
        });
        assertThat(problems).isEmpty();
    }

    @Test
    void classNamesAreUniqueAcrossTheProject() {
        Map<String, List<String>> byName = new TreeMap<>();
        SOURCES.stream().filter(s -> !s.name().equals("package-info"))
                .forEach(s -> byName.computeIfAbsent(s.name(), k -> new ArrayList<>()).add(s.pkg()));
        List<String> twice = byName.entrySet().stream().filter(e -> e.getValue().size() > 1)
                .map(e -> e.getKey() + " in " + e.getValue()).toList();
        assertThat(twice).isEmpty();
    }

    @Test
    void filesStaySmall() {
        List<String> big = SOURCES.stream()
                .filter(s -> s.text().lines().count() > KNOWN_LARGE.getOrDefault(s.name() + ".java", MAX_LINES_PER_FILE))
                .map(s -> s.path() + ": " + s.text().lines().count() + " lines (at most " + MAX_LINES_PER_FILE + ")").toList();
        assertThat(big).isEmpty();
    }

    @Test
    void codeImportsTypesInsteadOfNamingThemInline() {
        Map<String, Set<String>> classesByPackage = new HashMap<>();
        SOURCES.forEach(s -> classesByPackage.computeIfAbsent(s.pkg(), k -> new TreeSet<>()).add(s.name()));
        List<String> inline = new ArrayList<>();
        for (Source s : SOURCES) {
            Map<String, Set<String>> used = new HashMap<>();
            Matcher m = INLINE.matcher(s.code());
            while (m.find()) {
                used.computeIfAbsent(m.group(2), k -> new TreeSet<>()).add(m.group(1));
            }
            Map<String, String> imported = new HashMap<>();
            Matcher im = IMPORT.matcher(s.text());
            while (im.find()) {
                String fq = im.group(1);
                imported.put(fq.substring(fq.lastIndexOf('.') + 1), fq);
            }
            used.forEach((simple, packages) -> {
                boolean clash = packages.size() > 1 || imported.containsKey(simple)
                        || classesByPackage.getOrDefault(s.pkg(), Set.of()).contains(simple)
                        || s.code().matches("(?s).*\\b(class|interface|record|enum)\\s+" + simple + "\\b.*")
                        || (JAVA_LANG.contains(simple) && !packages.contains("java.lang"))
                        || s.code().matches("(?s).*(?<![\\w.])" + simple + "\\b.*");
                if (!clash) {
                    inline.add(s.path() + ": " + packages.iterator().next() + "." + simple + " (import it)");
                }
            });
        }
        assertThat(inline).isEmpty();
    }

    @Test
    void theNodeRuntimeIsTheCompositionRootAndNobodyReceivesIt() {
        Source runtime = SOURCES.stream().filter(s -> s.name().equals("NodeRuntime")).findFirst().orElseThrow();
        assertThat(runtime.text().lines().count()).as("NodeRuntime lines").isLessThan(250);
        Pattern receives = Pattern.compile("\\((?:[^()]*,\\s*)?(?:final\\s+)?NodeRuntime\\s+\\w+\\s*[,)]");
        List<String> receivers = SOURCES.stream().filter(s -> !s.name().equals("NodeRuntime"))
                .filter(s -> receives.matcher(s.code()).find()).map(s -> s.path().toString()).toList();
        assertThat(receivers).as("classes that take the runtime itself (give them the NodeView or the part they need)").isEmpty();
    }

    @Test
    void noPackageCycleBeyondTheKnownOnes() {
        Set<String> packages = new TreeSet<>();
        SOURCES.forEach(s -> packages.add(s.pkg()));
        Map<String, Set<String>> edges = new TreeMap<>();
        Pattern ref = Pattern.compile("\\b(io\\.canopy(?:\\.[a-z_][a-z0-9_]*)*)\\.[A-Z]");
        for (Source s : SOURCES) {
            String body = NOISE.matcher(s.text()).replaceAll(" ");
            Matcher m = ref.matcher(body);
            while (m.find()) {
                if (packages.contains(m.group(1)) && !m.group(1).equals(s.pkg())) {
                    edges.computeIfAbsent(s.pkg(), k -> new TreeSet<>()).add(m.group(1));
                }
            }
        }
        List<String> newCycles = new ArrayList<>();
        for (Set<String> scc : stronglyConnected(packages, edges)) {
            if (scc.size() > 1 && KNOWN_CYCLES.stream().noneMatch(k -> k.containsAll(scc))) {
                newCycles.add(String.join(" <-> ", scc));
            }
        }
        assertThat(newCycles).as("package cycles not in KNOWN_CYCLES: break them (move the shared type down)").isEmpty();
    }

    /** Tarjan's algorithm, iterative. */
    static List<Set<String>> stronglyConnected(Set<String> nodes, Map<String, Set<String>> edges) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new LinkedHashSet<>();
        List<Set<String>> out = new ArrayList<>();
        int[] counter = {0};
        for (String start : nodes) {
            if (index.containsKey(start)) {
                continue;
            }
            Deque<Object[]> work = new ArrayDeque<>();
            work.push(new Object[] {start, edges.getOrDefault(start, Set.of()).iterator()});
            index.put(start, counter[0]);
            low.put(start, counter[0]++);
            stack.push(start);
            onStack.add(start);
            while (!work.isEmpty()) {
                Object[] frame = work.peek();
                String v = (String) frame[0];
                @SuppressWarnings("unchecked")
                Iterator<String> it = (Iterator<String>) frame[1];
                if (it.hasNext()) {
                    String w = it.next();
                    if (!index.containsKey(w)) {
                        index.put(w, counter[0]);
                        low.put(w, counter[0]++);
                        stack.push(w);
                        onStack.add(w);
                        work.push(new Object[] {w, edges.getOrDefault(w, Set.of()).iterator()});
                    } else if (onStack.contains(w)) {
                        low.put(v, Math.min(low.get(v), index.get(w)));
                    }
                } else {
                    work.pop();
                    if (!work.isEmpty()) {
                        String parent = (String) work.peek()[0];
                        low.put(parent, Math.min(low.get(parent), low.get(v)));
                    }
                    if (low.get(v).equals(index.get(v))) {
                        Set<String> scc = new TreeSet<>();
                        String w;
                        do {
                            w = stack.pop();
                            onStack.remove(w);
                            scc.add(w);
                        } while (!w.equals(v));
                        out.add(scc);
                    }
                }
            }
        }
        return out;
    }
}

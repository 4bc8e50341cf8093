package io.canopy.launch.graph;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every tree of the real-file corpus (bt-runtime's test resources) draws as exactly one well-formed digraph,
 * with the loader's main-tree rule (the one tree no other references), a lone {@code <BehaviorTree>} without
 * ID and the raw-{@code &&} leniency; when Graphviz is installed, {@code dot -Tsvg} accepts each one.
 */
class CorpusGraphTest {
    static final Path CORPUS = Path.of("../bt-runtime/src/test/resources/bt/corpus");

    @Test
    void everyCorpusTreeGraphsToOneDigraph() throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.walk(CORPUS)) {
            files = s.filter(p -> p.toString().endsWith(".xml") && !p.toString().contains("rejected")
                    && !p.getFileName().toString().equals("palette.xml")).sorted().toList();
        }
        Path dotTool = graphviz();
        List<String> bad = new ArrayList<>();
        for (Path f : files) {
            try {
                String dot = Graphs.dot(f, null);
                long digraphs = Pattern.compile("(?m)^\\s*digraph\\b").matcher(dot).results().count();
                if (digraphs != 1 || !dot.strip().endsWith("}") || count(dot, '{') != count(dot, '}')) {
                    bad.add(f + ": " + digraphs + " digraphs or unbalanced braces");
                } else if (dotTool != null) {
                    String refused = renders(dotTool, dot);
                    if (refused != null) {
                        bad.add(f + ": dot -Tsvg refused it: " + refused);
                    }
                }
            } catch (RuntimeException e) {
                bad.add(f + ": " + e.getMessage());
            }
        }
        assertThat(files).hasSizeGreaterThanOrEqualTo(84);
        assertThat(bad).isEmpty();
    }

    /** The main-tree rule picks the one tree no other references (t05_crossdoor has two and no main). */
    @Test
    void severalTreesDrawTheUnreferencedOne() {
        String dot = Graphs.dot(CORPUS.resolve("btcpp/examples/t05_crossdoor.xml"), null);
        assertThat(dot).startsWith("digraph \"MainTree\"").contains("label=\"DoorClosed\" style=dashed");
        assertThat(Graphs.dot(CORPUS.resolve("btcpp/examples/t05_crossdoor.xml"), "DoorClosed"))
                .startsWith("digraph \"DoorClosed\"");
    }

    /** t09_scripting holds a raw {@code &&} in an attribute: drawn, with the condition in the label. */
    @Test
    void rawAmpersandsDraw() {
        String dot = Graphs.dot(CORPUS.resolve("btcpp/examples/t09_scripting.xml"), null);
        assertThat(dot).contains("&&");
    }

    private static Path graphviz() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            Path p = Path.of(dir, "dot");
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    /** Null when {@code dot -Tsvg} renders {@code text}, else its error output. */
    private static String renders(Path tool, String text) throws Exception {
        Process p = new ProcessBuilder(tool.toString(), "-Tsvg", "-o", "/dev/null").redirectErrorStream(true).start();
        try (var in = p.getOutputStream()) {
            in.write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        String output = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        return p.waitFor() == 0 && !output.contains("Error") ? null : output.strip();
    }

    private static long count(String s, char c) {
        return s.chars().filter(x -> x == c).count();
    }
}

package io.canopy.statemachine;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.statemachine.build.ScxmlLoader;
import io.canopy.statemachine.tools.ScxmlTestRunner;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * Every public SCXML document of {@code corpus/} (Qt, Apache Commons SCXML, uSCXML, SCION; see
 * {@code corpus/README.md}) is loaded and, when it loads, started and run on a virtual clock until it waits
 * for an external event (bounded in steps, virtual time and wall time), and once more on the full engine. None may crash (an exception other
 * than the loader's one-line refusal) or hang; a refusal is one line naming the file, and only documents
 * written for a datamodel Canopy does not run, or listed with their reason in
 * {@code corpus/expected-refusals.txt}, may be refused.
 */
class PublicCorpusTest {
    private static final Duration PER_DOCUMENT = Duration.ofSeconds(20);

    static Path root() throws URISyntaxException {
        return Path.of(PublicCorpusTest.class.getResource("/corpus").toURI());
    }

    static List<Path> documents() throws Exception {
        try (Stream<Path> files = Files.walk(root())) {
            return files.filter(f -> f.toString().endsWith(".scxml") || f.toString().endsWith(".xml")).sorted().toList();
        }
    }

    private static Map<String, String> expectedRefusals() throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        try (InputStream in = PublicCorpusTest.class.getResourceAsStream("/corpus/expected-refusals.txt")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    int space = line.indexOf(' ');
                    out.put(space < 0 ? line.strip() : line.substring(0, space), space < 0 ? "" : line.substring(space + 1));
                }
            }
        }
        return out;
    }

    @Test
    void everyDocumentLoadsOrIsRefusedWithOneLineAndNoneCrashesOrHangs() throws Exception {
        Path root = root();
        List<Path> docs = documents();
        Map<String, String> allowed = expectedRefusals();
        Map<String, Integer> perProject = new TreeMap<>();
        List<String> report = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        int loaded = 0;
        int full = 0;
        int refusedDatamodel = 0;
        int refusedListed = 0;
        int stopped = 0;
        for (Path f : docs) {
            String rel = root.relativize(f).toString().replace('\\', '/');
            perProject.merge(rel.substring(0, rel.indexOf('/')), 1, Integer::sum);
            ScxmlTestRunner.Result r = Assertions.assertTimeoutPreemptively(PER_DOCUMENT, () -> ScxmlTestRunner.run(f),
                    rel + " did not finish loading and running within " + PER_DOCUMENT);
            String detail = r.detail() == null ? "" : r.detail();
            if (r.outcome() == ScxmlTestRunner.Outcome.ERROR) {
                if (detail.contains("microsteps without waiting for an event")) {
                    stopped++; // a benchmark that loops through eventless transitions forever: stopped, one line
                } else if (detail.startsWith("internal error")) {
                    problems.add(rel + ": crashed: " + detail);
                } else if (detail.contains("\n") || !detail.contains(f.getFileName().toString())) {
                    problems.add(rel + ": refusal is not one line naming the file: " + detail);
                } else if (detail.contains("is not supported (") || detail.matches(".*datamodel=\"[a-z0-9]+\" is not supported.*")) {
                    refusedDatamodel++;
                } else if (allowed.containsKey(rel)) {
                    refusedListed++;
                } else {
                    problems.add(rel + ": refused: " + detail);
                }
                report.add("REFUSED " + rel + ": " + detail);
            } else {
                loaded++;
                boolean onFull = "full".equals(ScxmlLoader.load(f).datamodelEngine());
                // and every loaded document once more on the full engine: it must not crash there either
                ScxmlTestRunner.Result onRhino = Assertions.assertTimeoutPreemptively(PER_DOCUMENT,
                        () -> ScxmlTestRunner.run(f, "full"), rel + " on the full engine did not finish in " + PER_DOCUMENT);
                String rd = onRhino.detail() == null ? "" : onRhino.detail();
                if (onRhino.outcome() == ScxmlTestRunner.Outcome.ERROR && !rd.contains("microsteps without waiting")) {
                    problems.add(rel + ": on the full engine: " + rd);
                }
                full += onFull ? 1 : 0;
                report.add("LOADED " + rel + (onFull ? " (full engine)" : "") + ": " + r.outcome()
                        + (r.outcome() == ScxmlTestRunner.Outcome.PASS ? "" : " " + detail));
            }
        }
        String summary = docs.size() + " documents " + perProject + ": " + loaded + " load and run (" + full
                + " on the full engine), " + refusedDatamodel + " refused for their datamodel, " + refusedListed
                + " refused as listed in expected-refusals.txt, " + stopped + " stopped after 100,000 microsteps of an endless "
                + "macrostep, " + problems.size() + " problems";
        System.out.println("PublicCorpusTest: " + summary);
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target", "corpus-report.txt"), summary + "\n\nPROBLEMS\n" + String.join("\n", problems)
                + "\n\n" + String.join("\n", report) + "\n");
        assertThat(docs.size()).isGreaterThanOrEqualTo(100);
        assertThat(perProject).hasSizeGreaterThanOrEqualTo(4);
        assertThat(problems).as(summary).isEmpty();
    }
}

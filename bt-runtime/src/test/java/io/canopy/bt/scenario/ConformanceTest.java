package io.canopy.bt.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Runs the BehaviorTree.CPP conformance corpus: the copy in the test resources (always) and the shared one
 * beside the repository ({@code ../shared/conformance/bt}, when present). Fails listing every failing case.
 */
class ConformanceTest {
    @Test
    void everyCaseOfTheBundledCorpusPasses() throws Exception {
        Path dir = Path.of(getClass().getResource("/bt/conformance/sequence.yaml").toURI()).getParent();
        assertAllPass(dir);
    }

    @Test
    void everyCaseOfTheSharedCorpusPasses() throws Exception {
        Path dir = sharedCorpus();
        Assumptions.assumeTrue(dir != null, "../shared/conformance/bt not found beside the repository");
        assertAllPass(dir);
    }

    static Path sharedCorpus() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !(Files.exists(p.resolve("pom.xml")) && Files.isDirectory(p.resolve("bt-runtime")))) {
            p = p.getParent();
        }
        if (p == null) {
            return null;
        }
        Path corpus = p.resolveSibling("shared").resolve("conformance").resolve("bt");
        return Files.isDirectory(corpus) ? corpus : null;
    }

    private static void assertAllPass(Path dir) {
        ScenarioRunner runner = new ScenarioRunner();
        List<String> failures = new ArrayList<>();
        int total = 0;
        for (Path file : ScenarioRunner.collect(List.of(dir))) {
            for (Scenario s : ScenarioRunner.load(file)) {
                total++;
                ScenarioRunner.Result r = runner.run(s);
                if (!r.passed()) {
                    failures.add(file.getFileName() + ": " + r.line());
                }
            }
        }
        assertThat(total).as("cases found in " + dir).isGreaterThan(100);
        assertThat(failures).as(failures.size() + " of " + total + " cases failed:\n" + String.join("\n", failures))
                .isEmpty();
    }
}

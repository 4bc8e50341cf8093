package io.canopy.statemachine;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.statemachine.tools.ScxmlTestRunner;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs the W3C SCXML conformance sample: the copy in the test resources always, and
 * {@code ../shared/conformance/scxml} relative to the repository root when it is there.
 */
class ConformanceTest {
    private static Stream<DynamicTest> tests(Path dir) {
        List<Path> files = ScxmlTestRunner.collect(List.of(dir));
        assertThat(files).as("tests in " + dir).isNotEmpty();
        return files.stream().map(f -> DynamicTest.dynamicTest(f.getFileName().toString(), () -> {
            ScxmlTestRunner.Result r = ScxmlTestRunner.run(f);
            assertThat(r.outcome()).as(r.line()).isEqualTo(ScxmlTestRunner.Outcome.PASS);
        }));
    }

    @TestFactory
    Stream<DynamicTest> bundledCorpusPasses() throws URISyntaxException {
        Path dir = Path.of(ConformanceTest.class.getResource("/conformance/scxml").toURI());
        return tests(dir);
    }

    @TestFactory
    Stream<DynamicTest> sharedCorpusPassesWhenPresent() {
        Path shared = Path.of("").toAbsolutePath().getParent().resolveSibling("shared/conformance/scxml");
        Path alt = Path.of("..", "..", "shared", "conformance", "scxml").toAbsolutePath().normalize();
        Path dir = Files.isDirectory(shared) ? shared : alt;
        if (!Files.isDirectory(dir)) {
            return Stream.empty();
        }
        return tests(dir);
    }
}

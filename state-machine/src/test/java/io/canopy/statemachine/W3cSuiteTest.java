package io.canopy.statemachine;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.statemachine.tools.ScxmlTestRunner;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The whole W3C SCXML 1.0 IRP suite, ECMAScript versions (see {@code w3c/README.md}): every test is run on a
 * virtual clock. Tests listed in {@code w3c/passing.txt} must pass (a ratchet: add a test there once it
 * passes); the tally of the rest is printed and written to {@code target/w3c-report.txt}.
 */
class W3cSuiteTest {
    private static Set<String> passingList() throws IOException {
        Set<String> out = new TreeSet<>();
        try (InputStream in = W3cSuiteTest.class.getResourceAsStream("/w3c/passing.txt")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    out.add(line.strip());
                }
            }
        }
        return out;
    }

    @Test
    void everyTestOnThePassingListPasses() throws Exception {
        Set<String> mustPass = passingList();
        List<String> report = new ArrayList<>();
        List<String> regressions = new ArrayList<>();
        Set<String> nowPassing = new TreeSet<>();
        int mandatoryPassed = 0;
        int mandatoryTotal = 0;
        for (String kind : new String[] {"mandatory", "optional", "null"}) {
            Path dir = dir(kind);
            int passed = 0;
            List<Path> files = ScxmlTestRunner.collect(List.of(dir));
            for (Path f : files) {
                ScxmlTestRunner.Result r = ScxmlTestRunner.run(f);
                String key = kind + "/" + f.getFileName();
                if (r.passed()) {
                    passed++;
                    nowPassing.add(key);
                } else {
                    report.add(key + ": " + r.line());
                    if (mustPass.contains(key)) {
                        regressions.add(r.line());
                    }
                }
            }
            report.add(0, kind + ": " + passed + " of " + files.size() + " pass");
            if (kind.equals("mandatory")) {
                mandatoryPassed = passed;
                mandatoryTotal = files.size();
            }
        }
        System.out.println("W3cSuiteTest: " + String.join("; ", report.subList(0, 3)));
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target", "w3c-report.txt"), String.join("\n", report) + "\n\nPASSING\n"
                + String.join("\n", nowPassing) + "\n");
        assertThat(regressions).as("tests on w3c/passing.txt that fail").isEmpty();
        assertThat(mandatoryTotal).as("mandatory W3C tests").isEqualTo(159);
        assertThat(mandatoryPassed).as("mandatory W3C tests that pass").isEqualTo(159);
    }

    private static Path dir(String kind) throws URISyntaxException {
        return Path.of(W3cSuiteTest.class.getResource("/w3c/" + kind).toURI());
    }
}

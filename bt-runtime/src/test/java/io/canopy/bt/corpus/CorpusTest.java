package io.canopy.bt.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.canopy.bt.NodeRegistry;
import io.canopy.bt.load.XmlTreeLoader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Real BehaviorTree.CPP v4 trees from public projects (src/test/resources/bt/corpus, sources in its README):
 * every tree file validates with its project's palette, using stand-ins for the declared custom types.
 */
class CorpusTest {
    static final Path CORPUS = Path.of("src/test/resources/bt/corpus");

    /** The tree files of a project: every .xml except its palette. */
    static List<Path> trees(String project) {
        if (project.equals("rejected")) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(CORPUS.resolve(project))) {
            return s.filter(p -> p.toString().endsWith(".xml") && !p.getFileName().toString().equals("palette.xml"))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static XmlTreeLoader loader(String project) {
        XmlTreeLoader l = new XmlTreeLoader(NodeRegistry.withBtcppBuiltins()).withStandIns(Map.of());
        Path palette = CORPUS.resolve(project).resolve("palette.xml");
        if (Files.exists(palette)) {
            l.withPalette(palette);
        }
        return l;
    }

    @ParameterizedTest
    @ValueSource(strings = {"nav2", "btcpp", "moveit_pro"})
    void everyTreeValidatesWithItsPalette(String project) {
        List<Path> files = trees(project);
        List<String> failures = new ArrayList<>();
        for (Path f : files) {
            List<String> errors = loader(project).check(f);
            if (!errors.isEmpty()) {
                failures.add(f + ":\n  " + String.join("\n  ", errors));
            }
        }
        System.out.println(project + ": " + (files.size() - failures.size()) + " of " + files.size() + " validate");
        assertTrue(files.size() >= 10, project + " has only " + files.size() + " files");
        assertEquals(List.of(), failures, String.join("\n", failures));
    }

    /** Files from the same projects that BT.CPP refuses too: each error is reported, all at once. */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
        "nav2_docking_application_example.xml|unknown node type 'inverter'; did you mean Inverter?",
        "btcpp_t07_load_multiple_xml.xml|<SubTree ID=\"SubB\">: no <BehaviorTree ID=\"SubB\">",
        "btcpp_fuzzing_corpus2.xml|port 'msec' is missing (Timeout requires it)",
        "btcpp_fuzzing_corpus3.xml|unknown port 'key'; SetBlackboard has the ports value, output_key",
        "btcpp_fuzzing_corpus4.xml|<ForceFailure>: decorator 'ForceFailure' takes exactly 1 child, found 0"})
    void brokenFilesReportEveryError(String file, String expected) {
        List<String> errors = loader("rejected").check(CORPUS.resolve("rejected").resolve(file));
        assertTrue(errors.stream().anyMatch(e -> e.contains(expected) && e.matches(".*\\.xml:\\d+:\\d+: .*")),
                "expected a located error containing " + expected + " in " + errors);
        if (!file.startsWith("nav2")) {
            assertTrue(errors.size() >= 2, "every error at once, not only the first: " + errors);
        }
    }
}

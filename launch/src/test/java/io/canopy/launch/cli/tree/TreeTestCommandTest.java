package io.canopy.launch.cli.tree;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.launch.cli.CanopyMain;
import io.canopy.launch.cli.ValidateCommandTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TreeTestCommandTest {
    @TempDir
    Path dir;

    private static final String CASES = """
            family: demo
            cases:
            - id: seq-ok
              xml: |
                <root BTCPP_format="4">
                  <BehaviorTree ID="Main"><Sequence><A/><B/></Sequence></BehaviorTree>
                </root>
              leaves:
                A: {type: Action, returns: [RUNNING, SUCCESS]}
                B: {type: Condition, returns: SUCCESS}
              ticks: [RUNNING, SUCCESS]
              expect:
                ticks: {A: 2, B: 1}
                trace: ['#1', 'A:RUNNING', '#2', 'A:SUCCESS', 'B:SUCCESS']
            - id: wrong-status
              xml: |
                <root BTCPP_format="4"><BehaviorTree ID="Main"><A/></BehaviorTree></root>
              leaves:
                A: {type: Action, returns: FAILURE}
              ticks: [SUCCESS]
            - id: load-error-expected
              xml: |
                <root BTCPP_format="4"><BehaviorTree ID="Main"><Nope/></BehaviorTree></root>
              ticks: []
              error: {phase: load}
            """;

    @Test
    void printsOneLinePerCaseThenTheTotalsAndExitsOneOnAFailure() throws IOException {
        Files.writeString(dir.resolve("demo.yaml"), CASES);
        Object[] r = ValidateCommandTest.run("tree-test", dir.toString());
        String out = (String) r[1];
        assertThat(out.strip().split("\n")).containsExactly(
                "PASS seq-ok",
                "FAIL wrong-status: tick 1 returned FAILURE, expected SUCCESS",
                "PASS load-error-expected",
                "2 passed, 1 failed");
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_FAILED);
    }

    @Test
    void theSharedConformanceCorpusPassesThroughTheCommand() {
        Path corpus = Path.of("").toAbsolutePath().getParent().resolveSibling("shared").resolve("conformance/bt");
        Path bundled = Path.of("").toAbsolutePath().getParent()
                .resolve("bt-runtime/src/test/resources/bt/conformance");
        Path use = Files.isDirectory(corpus) ? corpus : bundled;
        Object[] r = ValidateCommandTest.run("tree-test", use.toString());
        String out = (String) r[1];
        assertThat(out).doesNotContain("FAIL ").containsPattern("\\d+ passed, 0 failed");
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_OK);
    }

    @Test
    void aTreeFileThatDoesNotLoadIsBadInputExitTwoAfterEveryLine() throws IOException {
        Files.writeString(dir.resolve("t.xml"), "<root BTCPP_format=\"4\"><BehaviorTree ID=\"Main\"><Nope/></BehaviorTree></root>");
        Files.writeString(dir.resolve("s.yaml"), """
                file: t.xml
                cases:
                  - id: runs
                    ticks: [SUCCESS]
                """);
        Object[] r = ValidateCommandTest.run("tree-test", dir.resolve("s.yaml").toString());
        assertThat(r[0]).as("an invalid tree file is bad input, as in validate").isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        String[] lines = ((String) r[1]).strip().split("\n");
        assertThat(lines[0]).startsWith("FAIL runs: load error: ").contains("t.xml:1:", "unknown node type 'Nope'");
        assertThat(lines[1]).isEqualTo("0 passed, 1 failed (1 on an invalid file)");
    }

    @Test
    void aFileThatIsNotAScenarioFileIsBadInput() throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.yaml"), "just: [a, list");
        Object[] r = ValidateCommandTest.run("tree-test", bad.toString());
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat(((String) r[2]).strip()).startsWith("canopy: " + bad).contains("bad YAML").doesNotContain("\n");
    }

    /** Nav2's navigate-to-pose trees with Nav2's palette and scripted stand-ins, through the command. */
    @Test
    void theNav2ScenariosPassThroughTheCommand() {
        Path scenarios = Path.of("../bt-runtime/src/test/resources/bt/corpus/nav2/scenarios");
        Object[] r = ValidateCommandTest.run("tree-test", scenarios.toString());
        String out = (String) r[1];
        assertThat(r[0]).as("stdout %s stderr %s", out, r[2]).isEqualTo(CanopyMain.EXIT_OK);
        assertThat(out).contains("PASS goal-reached", "PASS recoveries-round-robin-then-goal",
                "PASS recoveries-exhausted", "PASS out-of-bounds-fails-at-once", "PASS goal-reached-with-patience",
                "8 passed, 0 failed");
    }

    /** --palette and --stub-rules apply to every case; the case's own rules come first. */
    @Test
    void paletteAndStubRulesFromTheCommandLine() throws IOException {
        Path palette = Files.writeString(dir.resolve("p.xml"), "<root BTCPP_format=\"4\"><TreeNodesModel>"
                + "<Action ID=\"Dock\"/></TreeNodesModel></root>");
        Path rules = Files.writeString(dir.resolve("rules.yaml"), "stand_ins:\n  Dock: {running_ticks: 1}\n");
        Files.writeString(dir.resolve("dock.yaml"), """
                cases:
                - id: by-the-command-line
                  xml: <root BTCPP_format="4"><BehaviorTree ID="M"><Dock/></BehaviorTree></root>
                  ticks: [RUNNING, SUCCESS]
                - id: the-case-wins
                  xml: <root BTCPP_format="4"><BehaviorTree ID="M"><Dock/></BehaviorTree></root>
                  stand_ins: {Dock: {result: FAILURE}}
                  ticks: [FAILURE]
                """);
        Object[] r = ValidateCommandTest.run("tree-test", "--palette", palette.toString(), "--stub-rules",
                rules.toString(), dir.resolve("dock.yaml").toString());
        assertThat((String) r[1]).as("stderr %s", r[2]).contains("PASS by-the-command-line", "PASS the-case-wins",
                "2 passed, 0 failed");
        Object[] without = ValidateCommandTest.run("tree-test", dir.resolve("dock.yaml").toString());
        assertThat((String) without[1]).contains("FAIL by-the-command-line: load error:", "unknown node type 'Dock'");
    }
}

package io.canopy.bt.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.InputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A bad scenario file is one line naming the file, the line and column of the key, and what to write. */
class ScenarioFileErrorsTest {
    private static final String XML = "  xml: |\n    <root BTCPP_format=\"4\">\n      <BehaviorTree ID=\"M\">\n"
            + "        <Sequence><A/></Sequence>\n      </BehaviorTree>\n    </root>\n";

    @TempDir
    Path dir;

    private Path write(String body) throws IOException {
        return Files.writeString(dir.resolve("s.yaml"), "cases:\n- id: one\n" + XML + body);
    }

    @Test
    void aWrongTypeNamesTheLineAndColumnOfItsKey() throws IOException {
        Path f = write("  leaves: {A: {type: Action, returns: SUCCESS}}\n  ticks: 5\n");
        assertThatThrownBy(() -> ScenarioRunner.load(f)).isInstanceOf(InputException.class)
                .hasMessage(f + ":10:3: case 'one': ticks: '5' is not a status (SUCCESS, FAILURE, RUNNING, SKIPPED)");
    }

    @Test
    void leavesGivenAsAListAreRefusedAtTheirLine() throws IOException {
        Path f = write("  leaves: [A, B]\n  ticks: [SUCCESS]\n");
        assertThatThrownBy(() -> ScenarioRunner.load(f)).hasMessage(
                f + ":9:3: case 'one': leaves: expected a map, found [A, B]");
    }

    @Test
    void anUnknownKeyIsRefusedWithTheNearestKnownOne() throws IOException {
        Path f = write("  leaves: {A: {type: Action, returns: SUCCESS}}\n  ms_per_tik: 50\n");
        assertThatThrownBy(() -> ScenarioRunner.load(f)).hasMessageStartingWith(
                f + ":10:3: case 'one': unknown key 'ms_per_tik' (did you mean 'ms_per_tick'?)");
    }

    @Test
    void unknownKeysInsideLeavesActionsAndExpectAreRefusedToo() throws IOException {
        Path f = write("  leaves: {A: {type: Action, return: SUCCESS}}\n");
        assertThatThrownBy(() -> ScenarioRunner.load(f)).hasMessageStartingWith(
                f + ":9:3: case 'one': leaf A: unknown key 'return' (did you mean 'returns'?)");
        Path g = write("  actions: [{befor_tick: 1}]\n");
        assertThatThrownBy(() -> ScenarioRunner.load(g)).hasMessageContaining("unknown key 'befor_tick'");
        Path h = write("  expect: {tick: {A: 1}}\n");
        assertThatThrownBy(() -> ScenarioRunner.load(h)).hasMessageContaining("unknown key 'tick' (did you mean 'ticks'?)");
    }

    @Test
    void msPerTickAndActionsOfTheWrongTypeAreInputErrorsNotClassCasts() throws IOException {
        Path f = write("  ms_per_tick: fast\n");
        assertThatThrownBy(() -> ScenarioRunner.load(f)).isInstanceOf(InputException.class)
                .hasMessageContaining("ms_per_tick: 'fast' is not a whole number of milliseconds");
        Path g = write("  actions: 3\n");
        assertThatThrownBy(() -> ScenarioRunner.load(g)).isInstanceOf(InputException.class)
                .hasMessageContaining("actions: expected a list, found 3");
    }

    @Test
    void aTreeThatDoesNotLoadIsReportedAtItsLineInTheScenarioFile() throws IOException {
        Path f = Files.writeString(dir.resolve("s.yaml"), "cases:\n- id: one\n" + XML.replace("<A/>", "<Frob/>")
                + "  ticks: [SUCCESS]\n");
        List<Scenario> cases = ScenarioRunner.load(f);
        ScenarioRunner.Result r = new ScenarioRunner().run(cases.get(0));
        assertThat(r.passed()).isFalse();
        assertThat(r.message()).startsWith("load error: " + f + ":6 (xml line 3, column ").contains("<Frob>");
    }

    @Test
    void aFolderWithoutScenarioFilesIsAnError() throws IOException {
        Path empty = Files.createDirectory(dir.resolve("none"));
        assertThatThrownBy(() -> ScenarioRunner.collect(List.of(empty))).isInstanceOf(InputException.class)
                .hasMessageStartingWith(empty + ": no scenario files");
    }
}

package io.canopy.bt.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nav2's navigate-to-pose trees, unchanged, with Nav2's palette and scripted stand-ins, reach the results their
 * authors intended: goal reached, recovery on a failing FollowPath then success, failure once the recoveries
 * are used up (the scenario files under the corpus's {@code nav2/scenarios/}).
 */
class Nav2ScenariosTest {
    static final Path SCENARIOS = Path.of("src/test/resources/bt/corpus/nav2/scenarios");

    @TempDir
    Path dir;

    @Test
    void everyNav2ScenarioPasses() {
        ScenarioRunner runner = new ScenarioRunner();
        List<Path> files = ScenarioRunner.collect(List.of(SCENARIOS));
        assertThat(files).hasSizeGreaterThanOrEqualTo(3);
        int cases = 0;
        for (Path f : files) {
            for (Scenario s : ScenarioRunner.load(f)) {
                assertThat(runner.run(s).line()).as("%s", f).isEqualTo("PASS " + s.id());
                cases++;
            }
        }
        assertThat(cases).isGreaterThanOrEqualTo(8);
    }

    /** The same tree with one recovery too few scripted fails where the case expected success, and says why. */
    @Test
    void aScriptThatFailsOnceMoreIsReportedAsFailure() throws IOException {
        Path yaml = Files.writeString(dir.resolve("short.yaml"), """
                file: %s
                palette: %s
                stand_ins:
                  GlobalUpdatedGoal: {result: FAILURE}
                  GoalUpdated: {result: FAILURE}
                  IsGoalNearby: {result: FAILURE}
                cases:
                - id: exhausted
                  max_ticks: 500
                  stand_ins:
                    FollowPath: {result: FAILURE}
                  expect:
                    result: SUCCESS
                - id: too-few-ticks
                  max_ticks: 3
                  stand_ins:
                    FollowPath: {running_ticks: 10}
                  expect:
                    result: SUCCESS
                """.formatted(SCENARIOS.toAbsolutePath().resolveSibling("navigate_to_pose_w_replanning_and_recovery.xml"),
                SCENARIOS.toAbsolutePath().resolveSibling("palette.xml")));
        List<Scenario> cases = ScenarioRunner.load(yaml);
        ScenarioRunner runner = new ScenarioRunner();
        assertThat(runner.run(cases.get(0)).line()).isEqualTo("FAIL exhausted: the tree returned FAILURE, expected SUCCESS");
        assertThat(runner.run(cases.get(1)).line())
                .isEqualTo("FAIL too-few-ticks: the tree was still RUNNING after max_ticks 3, expected SUCCESS");
    }
}

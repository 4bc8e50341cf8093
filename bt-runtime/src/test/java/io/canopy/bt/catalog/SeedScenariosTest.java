package io.canopy.bt.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.bt.scenario.Scenario;
import io.canopy.bt.scenario.ScenarioRunner;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Runs the tree-test scenario files of the seed families ({@code src/test/resources/bt/seeds/*.yaml}). */
class SeedScenariosTest {
    @Test
    void everySeedScenarioPasses() throws Exception {
        Path dir = Path.of(getClass().getResource("/bt/seeds/cark.yaml").toURI()).getParent();
        ScenarioRunner runner = new ScenarioRunner();
        List<String> failures = new ArrayList<>();
        List<String> files = new ArrayList<>();
        int total = 0;
        for (Path file : ScenarioRunner.collect(List.of(dir))) {
            files.add(file.getFileName().toString());
            for (Scenario s : ScenarioRunner.load(file)) {
                total++;
                ScenarioRunner.Result r = runner.run(s);
                if (!r.passed()) {
                    failures.add(file.getFileName() + ": " + r.line());
                }
            }
        }
        assertThat(files).contains("events.yaml", "cark.yaml", "xbt.yaml", "probabilistic.yaml", "luabt.yaml");
        assertThat(total).isGreaterThan(35);
        assertThat(failures).as(failures.size() + " of " + total + " failed:\n" + String.join("\n", failures))
                .isEmpty();
    }
}

package io.canopy.bt.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.bt.scenario.Scenario;
import io.canopy.bt.scenario.ScenarioRunner;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The rule tables of docs/nodes.md (one per seed family, {@code rules/<family>.md}): every row names at least
 * one scenario case, every named case exists in the seed scenario files and passes.
 */
class SeedRulesTest {
    private static final Pattern ROW = Pattern.compile("^\\| ([A-Z][0-9]+) \\|");
    private static final Pattern CASE = Pattern.compile("`(seed-[a-z0-9-]+)`");

    @Test
    void everyRuleRowHasAPassingScenario() throws Exception {
        Path dir = Path.of(getClass().getResource("/bt/seeds/cark.yaml").toURI()).getParent();
        Map<String, Scenario> cases = new HashMap<>();
        for (Path file : ScenarioRunner.collect(List.of(dir))) {
            for (Scenario s : ScenarioRunner.load(file)) {
                assertThat(cases.put(s.id(), s)).as("case id " + s.id() + " is unique").isNull();
            }
        }
        ScenarioRunner runner = new ScenarioRunner();
        List<String> problems = new ArrayList<>();
        int rows = 0;
        assertThat(NodeReference.ruleFamilies()).containsExactly("events", "cark", "xbt", "probabilistic", "luabt");
        for (String family : NodeReference.ruleFamilies()) {
            for (String line : NodeReference.rules(family).split("\n")) {
                Matcher row = ROW.matcher(line);
                if (!row.find()) {
                    continue;
                }
                rows++;
                String[] cells = line.split("\\|", -1);
                assertThat(cells).as(family + " " + row.group(1) + ": 5 columns").hasSize(7);
                Matcher m = CASE.matcher(cells[4]);
                int named = 0;
                while (m.find()) {
                    named++;
                    Scenario s = cases.get(m.group(1));
                    if (s == null) {
                        problems.add(family + " " + row.group(1) + ": no case " + m.group(1));
                    } else if (!runner.run(s).passed()) {
                        problems.add(family + " " + row.group(1) + ": " + runner.run(s).line());
                    }
                }
                if (named == 0) {
                    problems.add(family + " " + row.group(1) + ": names no scenario case");
                }
            }
        }
        assertThat(rows).isGreaterThan(80);
        assertThat(problems).as(String.join("\n", problems)).isEmpty();
    }
}

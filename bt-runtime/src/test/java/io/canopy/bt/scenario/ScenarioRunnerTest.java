package io.canopy.bt.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioRunnerTest {
    @TempDir
    Path dir;

    @Test
    void theExtraCasesPass() throws URISyntaxException {
        Path file = Path.of(getClass().getResource("/bt/scenarios/extra.yaml").toURI());
        ScenarioRunner runner = new ScenarioRunner();
        List<Scenario> cases = ScenarioRunner.load(file);
        assertThat(cases).hasSizeGreaterThan(15);
        for (Scenario s : cases) {
            assertThat(runner.run(s).line()).isEqualTo("PASS " + s.id());
        }
    }

    @Test
    void aFailingCaseSaysWhatDiffered() throws IOException {
        Path file = Files.writeString(dir.resolve("f.yaml"), """
                cases:
                - id: wrong
                  xml: |
                    <root BTCPP_format="4"><BehaviorTree ID="M"><Sequence><A/><B/></Sequence></BehaviorTree></root>
                  leaves:
                    A: {type: Action, returns: SUCCESS}
                    B: {type: Action, returns: [RUNNING, SUCCESS]}
                  ticks: [RUNNING, SUCCESS]
                  expect:
                    ticks: {A: 2, B: 2}
                    halts: {B: 1}
                    blackboard: {x: 1}
                    trace: ['#1', 'A:SUCCESS', 'B:RUNNING', '#2', 'A:SUCCESS']
                - id: no-error
                  xml: |
                    <root BTCPP_format="4"><BehaviorTree ID="M"><AlwaysSuccess/></BehaviorTree></root>
                  ticks: []
                  error: {phase: tick, at_tick: 1}
                """);
        ScenarioRunner runner = new ScenarioRunner();
        List<Scenario> cases = ScenarioRunner.load(file);
        String wrong = runner.run(cases.get(0)).line();
        assertThat(wrong).startsWith("FAIL wrong: ").contains("leaf A ticked 1 times, expected 2",
                "leaf B halted 0 times, expected 1", "blackboard x has no value, expected 1",
                "trace differs at event 5: got [B:SUCCESS], expected [A:SUCCESS]");
        assertThat(runner.run(cases.get(1)).line())
                .isEqualTo("FAIL no-error: tick 1 returned SUCCESS, expected an error");
    }
}

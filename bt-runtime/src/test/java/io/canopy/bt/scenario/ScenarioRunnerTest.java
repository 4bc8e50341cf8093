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

    @Test
    void sentEventsSeedAndUnconsumedPolicyAreCheckedAndSaySoWhenWrong() throws IOException {
        Path file = Files.writeString(dir.resolve("s.yaml"), """
                cases:
                - id: sent-value
                  xml: |
                    <root BTCPP_format="4"><BehaviorTree ID="M"><Sequence><SendEvent event="a" value="1"/>
                    <SendEvent event="b"/></Sequence></BehaviorTree></root>
                  ticks: [SUCCESS]
                  expect: {sent: [{a: 2}, b]}
                - id: sent-order
                  xml: |
                    <root BTCPP_format="4"><BehaviorTree ID="M"><Sequence><SendEvent event="a"/>
                    <SendEvent event="b"/></Sequence></BehaviorTree></root>
                  ticks: [SUCCESS]
                  expect: {sent: [b, a]}
                - id: sent-missing
                  xml: |
                    <root BTCPP_format="4"><BehaviorTree ID="M"><SendEvent event="a"/></BehaviorTree></root>
                  ticks: [SUCCESS, SUCCESS]
                  expect: {sent: ['#1', a, '#2']}
                - id: drop
                  xml: |
                    <root BTCPP_format="4"><BehaviorTree ID="M"><Fallback><ConsumeEvent event="x"/>
                    <AlwaysSuccess/></Fallback></BehaviorTree></root>
                  actions: [{before_tick: 1, events: {y: 1}}]
                  ticks: [SUCCESS]
                - id: seeded
                  seed: 7
                  xml: |
                    <root BTCPP_format="4"><BehaviorTree ID="M"><Sequence>
                    <RandomChoice><Script code="a := 1"/><Script code="a := 2"/><Script code="a := 3"/>
                    <Script code="a := 4"/><Script code="a := 5"/><Script code="a := 6"/></RandomChoice>
                    <RandomChoice><Script code="b := 1"/><Script code="b := 2"/><Script code="b := 3"/>
                    <Script code="b := 4"/><Script code="b := 5"/><Script code="b := 6"/></RandomChoice>
                    <Script code="pair := a * 10 + b"/></Sequence></BehaviorTree></root>
                  ticks: [SUCCESS]
                """);
        ScenarioRunner runner = new ScenarioRunner();
        List<Scenario> cases = ScenarioRunner.load(file);
        assertThat(runner.run(cases.get(0)).line()).startsWith("FAIL sent-value: sent events differ at 1: got a(1),"
                + " expected a(2)");
        assertThat(runner.run(cases.get(1)).line()).startsWith("FAIL sent-order: sent events differ at 1: got a(0),"
                + " expected b");
        assertThat(runner.run(cases.get(2)).line()).startsWith("FAIL sent-missing: sent events differ at 4: got a(0),"
                + " expected nothing");
        assertThat(runner.run(cases.get(3)).line()).as("an event the tree does not listen to is not its business")
                .isEqualTo("PASS drop");
        // the seed reaches the tree's random source: different seeds give different draws, one seed the same
        java.util.Set<Long> pairs = new java.util.HashSet<>();
        for (long seed = 0; seed < 6; seed++) {
            cases.get(4).seed = seed;
            pairs.add(pairOf(cases.get(4)));
            assertThat(pairOf(cases.get(4))).as("seed " + seed + " replays").isEqualTo(pairOf(cases.get(4)));
        }
        assertThat(pairs).as("draws of seeds 0..5").hasSizeGreaterThan(1);
    }

    @Test
    void badSeedUnconsumedAndSentAreInputErrorsNamingTheKey() throws IOException {
        for (String bad : List.of("seed: abc", "unconsumed: keep", "expect: {sent: hello}",
                "expect: {sent: ['#x']}")) {
            Path file = Files.writeString(dir.resolve("b.yaml"), "cases:\n- id: c\n  xml: '<root/>'\n  " + bad + "\n");
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> ScenarioRunner.load(file))
                    .isInstanceOf(io.canopy.InputException.class)
                    .hasMessageContaining("b.yaml:")
                    .hasMessageContaining(bad.substring(0, bad.indexOf(':')));
        }
    }

    /** Runs a case and reads back its root entry {@code pair} (through a blackboard expectation). */
    private static long pairOf(Scenario s) {
        for (long v = 11; v <= 66; v++) {
            s.expectBlackboard = java.util.Map.of("pair", v);
            if (new ScenarioRunner().run(s).passed()) {
                return v;
            }
        }
        throw new AssertionError("no pair");
    }
}

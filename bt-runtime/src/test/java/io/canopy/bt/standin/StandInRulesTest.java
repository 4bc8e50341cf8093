package io.canopy.bt.standin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.InputException;
import io.canopy.bt.Blackboard;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Status;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.bt.load.XmlTreeLoader;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.ManualNanoClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StandInRulesTest {
    @TempDir
    Path dir;

    static final String PALETTE = """
            <root BTCPP_format="4"><TreeNodesModel>
              <Action ID="Plan"><output_port name="path"/><output_port name="cost" type="double"/></Action>
              <Action ID="Clear"/>
            </TreeNodesModel></root>
            """;

    private Tree load(String rules, String tree) throws IOException {
        Path palette = Files.writeString(dir.resolve("p.xml"), PALETTE);
        Path file = Files.writeString(dir.resolve("r.yaml"), rules);
        return new XmlTreeLoader(NodeRegistry.withBuiltins()).withPalette(palette)
                .withStandIns(StandInRules.read(file)).loadText(tree, Blackboard.create(),
                        new TreeContext(new DeadlineTimerQueue(new ManualNanoClock()), 0));
    }

    @Test
    void aRuleRunsForItsTicksWritesItsOutputsAndFollowsItsRuns() throws IOException {
        Tree t = load("""
                stand_ins:
                  Plan:
                    runs: [{result: FAILURE}, {running_ticks: 2, outputs: {path: p1, cost: 2.5}}]
                """, "<root BTCPP_format=\"4\"><BehaviorTree ID=\"M\"><RetryUntilSuccessful num_attempts=\"3\">"
                + "<Plan path=\"{path}\" cost=\"{cost}\"/></RetryUntilSuccessful></BehaviorTree></root>");
        assertThat(t.tickExactlyOnce()).isEqualTo(Status.RUNNING); // run 1 failed, the retry yields
        assertThat(t.tickExactlyOnce()).isEqualTo(Status.RUNNING); // run 2: RUNNING twice
        assertThat(t.tickExactlyOnce()).isEqualTo(Status.RUNNING);
        assertThat(t.blackboard().find("path") == null || !t.blackboard().find("path").hasValue()).isTrue();
        assertThat(t.tickExactlyOnce()).isEqualTo(Status.SUCCESS);
        assertThat(t.blackboard().find("path").stringValue()).isEqualTo("p1");
        assertThat(t.blackboard().find("cost").doubleValue()).isEqualTo(2.5);
    }

    @Test
    void aRuleByNameWithAWildcardWinsOverALaterRuleByType() throws IOException {
        Tree t = load("""
                stand_ins:
                  "Clear*Local": {result: FAILURE}
                  Clear: {result: SUCCESS}
                """, "<root BTCPP_format=\"4\"><BehaviorTree ID=\"M\"><Fallback><Clear name=\"ClearTheLocal\"/>"
                + "<Sequence><Clear name=\"ClearGlobal\"/><AlwaysFailure/></Sequence></Fallback></BehaviorTree></root>");
        // ClearTheLocal fails (by name), ClearGlobal succeeds (by type), then AlwaysFailure: the whole fails
        assertThat(t.tickExactlyOnce()).isEqualTo(Status.FAILURE);
        Tree t2 = load("""
                stand_ins:
                  Clear: {result: SUCCESS}
                  "Clear*Local": {result: FAILURE}
                """, "<root BTCPP_format=\"4\"><BehaviorTree ID=\"M\"><Fallback><Clear name=\"ClearTheLocal\"/>"
                + "<AlwaysFailure/></Fallback></BehaviorTree></root>");
        assertThat(t2.tickExactlyOnce()).as("the first matching rule wins").isEqualTo(Status.SUCCESS);
    }

    @Test
    void anOutputTheTypeDoesNotHaveIsALoadErrorNamingTheRule() {
        assertThatThrownBy(() -> load("""
                stand_ins:
                  Plan: {outputs: {pth: p1}}
                """, "<root BTCPP_format=\"4\"><BehaviorTree ID=\"M\"><Plan path=\"{path}\"/></BehaviorTree></root>"))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("r.yaml:2:3")
                .hasMessageContaining("writes 'pth', which is not an output port of 'Plan'; its output ports are path, cost");
    }

    @Test
    void badRulesAreOneLineWithFileLineAndColumn() throws IOException {
        Path f = Files.writeString(dir.resolve("bad.yaml"), """
                stand_ins:
                  Plan: {running_ticks: -1}
                """);
        assertThatThrownBy(() -> StandInRules.read(f)).hasMessage(f + ":2:3: stand-in rule 'Plan': running_ticks: '-1'"
                + " is not a whole number >= 0; write running_ticks: 3 (RUNNING for 3 ticks, then the result)");
        Path g = Files.writeString(dir.resolve("bad2.yaml"), """
                stand_ins:
                  Plan: {reslt: FAILURE}
                """);
        assertThatThrownBy(() -> StandInRules.read(g)).hasMessageStartingWith(g + ":2:3: stand-in rule 'Plan': unknown key"
                + " 'reslt' (did you mean 'result'?)");
        Path h = Files.writeString(dir.resolve("bad3.yaml"), "rules: {}\n");
        assertThatThrownBy(() -> StandInRules.read(h)).hasMessageContaining("a map with one key, 'stand_ins:'");
    }

    @Test
    void theProcessWideSwitchStubsDeclaredTypesAndReportsEachOnce() throws IOException {
        Path palette = Files.writeString(dir.resolve("p.xml"), PALETTE);
        String tree = "<root BTCPP_format=\"4\"><BehaviorTree ID=\"M\"><Plan path=\"{p}\"/></BehaviorTree></root>";
        TreeContext ctx = new TreeContext(new DeadlineTimerQueue(new ManualNanoClock()), 0);
        assertThatThrownBy(() -> new XmlTreeLoader(NodeRegistry.withBuiltins()).withPalette(palette)
                .loadText(tree, Blackboard.create(), ctx)).hasMessageContaining("--stub-unknown");
        try {
            StubUnknown.enable(new StandInRules(List.of(new StandInRule("Plan", List.of(
                    new StandIn(Status.FAILURE, 0, java.util.Map.of())), ""))));
            XmlTreeLoader first = new XmlTreeLoader(NodeRegistry.withBuiltins()).withPalette(palette);
            assertThat(first.loadText(tree, Blackboard.create(), ctx).tickExactlyOnce()).isEqualTo(Status.FAILURE);
            assertThat(first.warnings()).anyMatch(w -> w.contains("2 declared node type(s)") && w.contains("Plan (Action"));
            XmlTreeLoader second = new XmlTreeLoader(NodeRegistry.withBuiltins()).withPalette(palette);
            second.loadText(tree, Blackboard.create(), ctx);
            assertThat(second.warnings()).noneMatch(w -> w.contains("--stub-unknown"));
        } finally {
            StubUnknown.disable();
        }
    }
}

package io.canopy.bt.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.InputException;
import io.canopy.bt.Blackboard;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Status;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.ManualNanoClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Issue 31 items 1 and 3: BehaviorTree.CPP v3 files load as they are (converted in memory, one warning). */
class V3FilesTest {
    static Path file(String name) throws Exception {
        return Path.of(V3FilesTest.class.getResource("/bt/lenient/" + name).toURI());
    }

    private static TreeContext context() {
        return new TreeContext(new DeadlineTimerQueue(new ManualNanoClock()), 0);
    }

    @Test
    void aerostack2V3TreeLoadsWithOneWarningNamingConversionsAndDifferences() throws Exception {
        Path f = file("aerostack2_event_test.xml");
        XmlTreeLoader loader = new XmlTreeLoader(NodeRegistry.withBtcppBuiltins()).withStandIns(Map.of());
        assertThat(loader.check(f)).isEmpty();
        List<String> v3 = loader.warnings().stream().filter(w -> w.contains("BehaviorTree.CPP v3 file")).toList();
        assertThat(v3).singleElement().asString()
                .startsWith(f + ":5:43: <root>: BehaviorTree.CPP v3 file (no BTCPP_format, and <Parallel> is v3 only)")
                .contains("line 5: <root>: set BTCPP_format=\"4\"")
                .contains("line 22: removed the __shared_blackboard port of a SubTree model")
                .contains("line 10: success_threshold= -> success_count=", "line 10: failure_threshold= -> failure_count=")
                .contains("line 8: <Repeat>: v4 returns RUNNING between cycles")
                .contains("'canopy tree upgrade " + f + "'")
                .doesNotContain("\n");
    }

    @Test
    void aFileTypeSharingTheIdOfACanopyTypeWithOtherPortsRunsAsItsOwnStandIn() throws Exception {
        Path f = file("aerostack2_event_test.xml"); // declares SendEvent(data, topic_name); Canopy's SendEvent differs
        XmlTreeLoader loader = new XmlTreeLoader(NodeRegistry.withBuiltins()).withStandIns(Map.of());
        assertThat(loader.check(f)).isEmpty();
        assertThat(loader.warnings()).filteredOn(w -> w.contains("SendEvent")).singleElement().asString()
                .startsWith(f + ":")
                .contains("<Action ID=\"SendEvent\"> declares port 'data', which Canopy's own SendEvent does not have");
    }

    @Test
    void aV3SequenceStarRunsWithV4SemanticsAndTheWarningSaysHow() throws Exception {
        Path f = file("aerostack2_basic_mission.xml");
        XmlTreeLoader loader = new XmlTreeLoader(NodeRegistry.withBtcppBuiltins()).withStandIns(Map.of());
        Tree t = loader.loadFile(f, Blackboard.create(), context());
        // v4 SequenceWithMemory: RUNNING (wake-up) after each child that succeeds at once; v3 ran all three in one tick
        assertThat(t.tickExactlyOnce()).isEqualTo(Status.RUNNING);
        assertThat(t.tickExactlyOnce()).isEqualTo(Status.RUNNING);
        assertThat(t.tickExactlyOnce()).isEqualTo(Status.SUCCESS);
        assertThat(loader.warnings()).filteredOn(w -> w.contains("v3 file")).singleElement().asString()
                .contains("(no BTCPP_format, and <SequenceStar> is v3 only)")
                .contains("line 6: SequenceStar -> SequenceWithMemory")
                .contains("line 6: <SequenceStar>: v4 (SequenceWithMemory) keeps its place after a halt where v3 restarted");
    }

    @Test
    void aV3SubTreeRemapsBareNamesToEntriesAsV3Did() throws Exception {
        Path f = file("btcpp3_subtree_remapping.xml");
        XmlTreeLoader loader = new XmlTreeLoader(NodeRegistry.withBtcppBuiltins());
        Blackboard bb = Blackboard.create();
        Tree t = loader.loadFile(f, bb, context());
        assertThat(t.tickOnce()).isEqualTo(Status.SUCCESS);
        assertThat(bb.find("move_result").objectValue()).isEqualTo("1;2;3");
        assertThat(bb.find("reported").objectValue()).isEqualTo("1;2;3");
        assertThat(loader.warnings()).filteredOn(w -> w.contains("v3 file")).singleElement().asString()
                .contains("target=\"move_goal\" -> target=\"{move_goal}\"", "output=\"move_result\" -> output=\"{move_result}\"",
                        "SubTreePlus -> SubTree", "__autoremap= -> _autoremap=");
    }

    @Test
    void whatCannotBeConvertedIsRefusedWithTheElementAndItsV4Rewrite() throws Exception {
        Path f = file("btcpp3_blackboard_check.xml");
        assertThatThrownBy(() -> new XmlTreeLoader(NodeRegistry.withBtcppBuiltins()).loadFile(f, Blackboard.create(), context()))
                .isInstanceOf(InputException.class)
                .hasMessageStartingWith(f + ":7:96: <BlackboardCheckInt>: v4 has no BlackboardCheck; rewrite it as "
                        + "<Precondition if=\"battery == 100\" else=\"FAILURE\"> around the same child")
                .hasMessageContaining("no BTCPP_format")
                .hasMessageContaining("canopy tree upgrade");
    }

    @Test
    void aV4HeaderAroundBlackboardCheckStringSaysExactlyThat() throws Exception {
        Path f = file("groot_show_all_v4_header.xml");
        assertThatThrownBy(() -> new XmlTreeLoader(NodeRegistry.withBtcppBuiltins()).loadFile(f, Blackboard.create(), context()))
                .hasMessage(f + ":15:88: <BlackboardCheckString>: BlackboardCheckString is a BehaviorTree.CPP v3 node, which "
                        + "v4 no longer has, inside a file that says BTCPP_format=\"4\"; rewrite it as "
                        + "<Precondition if=\"'' == ''\" else=\"FAILURE\"> around the same child");
    }

    @Test
    void upgradingAFileThatSaysFourDoesNotSetTheFormat() throws Exception {
        String text = Files.readString(file("groot_show_all_v4_header.xml"));
        TreeUpgrade.Result r = TreeUpgrade.upgrade(text, "show_all.xml");
        assertThat(r.changes()).noneMatch(c -> c.contains("BTCPP_format"));
        assertThat(TreeUpgrade.upgrade(text.replace("<root BTCPP_format=\"4\"", "<root BTCPP_format = '4'"), "s.xml").changes())
                .noneMatch(c -> c.contains("BTCPP_format"));
        assertThat(TreeUpgrade.upgrade(text.replace("<root BTCPP_format=\"4\"", "<root BTCPP_format='3'"), "s.xml").text())
                .contains("<root BTCPP_format=\"4\" main_tree_to_execute").doesNotContain("'3'");
    }
}

package io.canopy.bt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.InputException;
import io.canopy.bt.load.Palette;
import io.canopy.bt.load.TreeUpgrade;
import io.canopy.bt.load.XmlTreeLoader;
import io.canopy.bt.standin.StandIn;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.ManualNanoClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** BehaviorTree.CPP files as people write them: palettes, both node forms, aliases, leniency, main choice, v3. */
class BtcppFilesTest {
    @TempDir
    Path dir;

    private static final String PALETTE = "<root BTCPP_format=\"4\"><TreeNodesModel>"
            + "<Action ID=\"ComputePathToPose\"><input_port name=\"goal\"/><output_port name=\"path\"/>"
            + "<input_port name=\"tolerance\" type=\"double\" default=\"0.5\"/></Action>"
            + "<Control ID=\"RecoveryNode\"><input_port name=\"number_of_retries\" type=\"int\"/></Control>"
            + "</TreeNodesModel></root>";

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    private static TreeContext context() {
        return new TreeContext(new DeadlineTimerQueue(new ManualNanoClock()), 0);
    }

    @Test
    void bothNodeFormsOfAPaletteTypeRunAsStandInsWithScriptedOutputs() throws IOException {
        Path palette = write("palette.xml", PALETTE);
        Path tree = write("t.xml", "<root BTCPP_format=\"4\"><BehaviorTree ID=\"Nav\"><Sequence>"
                + "<ComputePathToPose goal=\"{goal}\" path=\"{path}\"/>"
                + "<Action ID=\"ComputePathToPose\" goal=\"{goal}\" path=\"{path2}\" tolerance=\"0.2\"/>"
                + "</Sequence></BehaviorTree></root>");
        XmlTreeLoader loader = new XmlTreeLoader(NodeRegistry.withBtcppBuiltins()).withPalette(palette)
                .withStandIns(Map.of("ComputePathToPose", new StandIn(Status.SUCCESS, 1, Map.of("path", "p1"))));
        Blackboard bb = Blackboard.create();
        Tree t = loader.loadFile(tree, bb, context());
        assertThat(t.tickOnce()).isEqualTo(Status.RUNNING);
        assertThat(t.tickOnce()).isEqualTo(Status.RUNNING);
        assertThat(t.tickOnce()).isEqualTo(Status.SUCCESS);
        assertThat(bb.find("path").objectValue()).isEqualTo("p1");
        assertThat(bb.find("path2").objectValue()).isEqualTo("p1");
    }

    @Test
    void aDeclaredTypeIsCheckedLikeABuiltIn() throws IOException {
        Path palette = write("palette.xml", PALETTE);
        Path tree = write("t.xml", "<root BTCPP_format=\"4\"><BehaviorTree ID=\"Nav\"><RecoveryNode number_of_retries=\"two\">"
                + "<ComputePathToPose goal=\"{goal}\" pth=\"{path}\"/><AlwaysSuccess/></RecoveryNode></BehaviorTree></root>");
        List<String> errors = new XmlTreeLoader(NodeRegistry.withBtcppBuiltins()).withPalette(palette)
                .withStandIns(Map.of()).check(tree);
        assertThat(errors).anyMatch(e -> e.contains(":1:") && e.contains("unknown port 'pth' (did you mean 'path'?)"));
        Path fixed = write("t2.xml", Files.readString(tree).replace("pth=", "path="));
        assertThat(String.join("\n", new XmlTreeLoader(NodeRegistry.withBtcppBuiltins()).withPalette(palette)
                .withStandIns(Map.of()).check(fixed))).contains("number_of_retries", "\"two\"");
    }

    @Test
    void aDeclaredButUnimplementedTypeSaysHowToImplementIt() throws IOException {
        Path palette = write("palette.xml", PALETTE);
        Path tree = write("t.xml", "<root BTCPP_format=\"4\"><BehaviorTree ID=\"Nav\"><ComputePathToPose/></BehaviorTree></root>");
        assertThatThrownBy(() -> new XmlTreeLoader(NodeRegistry.withBtcppBuiltins()).withPalette(palette)
                .loadFile(tree, Blackboard.create(), context()))
                .isInstanceOf(InputException.class).hasMessageContaining("declared (Action at")
                .hasMessageContaining("nothing implements it");
    }

    @Test
    void palettesMergeAndAKindConflictNamesBothFiles() throws IOException {
        Palette a = Palette.read(write("a.xml", PALETTE));
        Palette b = Palette.read(write("b.xml", "<root><TreeNodesModel><Action ID=\"ComputePathToPose\">"
                + "<input_port name=\"planner_id\"/></Action><Action ID=\"RecoveryNode\"/></TreeNodesModel></root>"));
        a.merge(b);
        assertThat(a.declarations().get("ComputePathToPose").ports()).extracting(Port::name)
                .containsExactly("goal", "path", "tolerance", "planner_id");
        assertThat(a.notes()).anyMatch(n -> n.contains("merged") && n.contains("planner_id"));
        assertThat(a.errors()).anyMatch(e -> e.contains("b.xml:1:") && e.contains("'RecoveryNode' is declared as Action")
                && e.contains("as Control at") && e.contains("a.xml"));
    }

    @Test
    void sequenceStarIsAcceptedWithADeprecationWarning() {
        XmlTreeLoader loader = new XmlTreeLoader(NodeRegistry.withBtcppBuiltins());
        Tree t = loader.loadText("<root BTCPP_format=\"4\"><BehaviorTree ID=\"M\"><SequenceStar><AlwaysSuccess/>"
                + "</SequenceStar></BehaviorTree></root>", Blackboard.create(), context());
        assertThat(t.tickOnce()).isEqualTo(Status.SUCCESS);
        assertThat(loader.warnings()).anyMatch(w -> w.contains("'SequenceStar' is a deprecated name of SequenceWithMemory"));
    }

    @Test
    void rawAmpersandsAndAnglesInAttributesAreAcceptedWithAWarning() {
        XmlTreeLoader loader = new XmlTreeLoader(NodeRegistry.withBtcppBuiltins());
        Blackboard bb = Blackboard.create();
        Tree t = loader.loadText("junk\n<root BTCPP_format=\"4\"><BehaviorTree ID=\"M\">"
                + "<Script code=\"a := 1 < 2 && 3 > 2\"/></BehaviorTree></root>", bb, context());
        assertThat(t.tickOnce()).isEqualTo(Status.SUCCESS);
        assertThat(bb.find("a")).isNotNull();
        assertThat(loader.warnings()).anyMatch(w -> w.startsWith("<text>:1:1: text before the first element"))
                .anyMatch(w -> w.startsWith("<text>:2:") && w.contains("raw '<' in the attribute value"));
    }

    @Test
    void theMainTreeIsTheOneNoOtherTreeUses() {
        String xml = "<root BTCPP_format=\"4\"><BehaviorTree ID=\"Door\"><AlwaysFailure/></BehaviorTree>"
                + "<BehaviorTree ID=\"Main\"><Inverter><SubTree ID=\"Door\"/></Inverter></BehaviorTree></root>";
        Tree t = new XmlTreeLoader(NodeRegistry.withBtcppBuiltins()).loadText(xml, Blackboard.create(), context());
        assertThat(t.id()).isEqualTo("Main");
        Tree door = new XmlTreeLoader(NodeRegistry.withBtcppBuiltins()).withMain("Door")
                .loadText(xml, Blackboard.create(), context());
        assertThat(door.id()).isEqualTo("Door");
        String two = "<root BTCPP_format=\"4\"><BehaviorTree ID=\"A\"><AlwaysFailure/></BehaviorTree>"
                + "<BehaviorTree ID=\"B\"><AlwaysSuccess/></BehaviorTree></root>";
        assertThatThrownBy(() -> new XmlTreeLoader(NodeRegistry.withBtcppBuiltins()).loadText(two, Blackboard.create(),
                context())).hasMessageContaining("[A, B] are used by no other tree").hasMessageContaining("--main ID");
    }

    @Test
    void aV3FileIsDetectedAndUpgraded() throws IOException {
        String v3 = "<root main_tree_to_execute=\"M\">\n<BehaviorTree ID=\"M\">\n"
                + "<Parallel success_threshold=\"1\" failure_threshold=\"1\">\n<SequenceStar><AlwaysSuccess/></SequenceStar>\n"
                + "<SubTreePlus ID=\"S\" __shared_blackboard=\"true\"/>\n</Parallel>\n</BehaviorTree>\n"
                + "<BehaviorTree ID=\"S\"><BlackboardCheckInt value_A=\"{a}\" value_B=\"1\"><AlwaysSuccess/></BlackboardCheckInt>"
                + "</BehaviorTree>\n</root>\n";
        Path f = write("v3.xml", v3);
        assertThatThrownBy(() -> new XmlTreeLoader(NodeRegistry.withBtcppBuiltins()).loadFile(f, Blackboard.create(),
                context())).hasMessageContaining("v3.xml:8:").hasMessageContaining("<BlackboardCheckInt>")
                .hasMessageContaining("<Precondition if=\"a == 1\" else=\"FAILURE\">")
                .hasMessageContaining("BehaviorTree.CPP v3").hasMessageContaining("canopy tree upgrade");
        TreeUpgrade.Result r = TreeUpgrade.upgrade(v3, "v3.xml");
        assertThat(r.text()).contains("<root BTCPP_format=\"4\" main_tree_to_execute=\"M\">",
                "<Parallel success_count=\"1\" failure_count=\"1\">", "<SequenceWithMemory>", "</SequenceWithMemory>",
                "<SubTree ID=\"S\" _autoremap=\"true\"/>");
        assertThat(r.unconverted()).singleElement().asString().startsWith("v3.xml:8:22: <BlackboardCheckInt>");
        String fixed = r.text().replaceAll("<BlackboardCheckInt[^>]*>(.*?)</BlackboardCheckInt>", "$1");
        Tree t = new XmlTreeLoader(NodeRegistry.withBtcppBuiltins()).loadText(fixed, Blackboard.create(), context());
        assertThat(t.tickOnce()).isEqualTo(Status.SUCCESS);
    }
}

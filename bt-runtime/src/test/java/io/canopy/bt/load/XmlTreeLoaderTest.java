package io.canopy.bt.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.InputException;
import io.canopy.bt.Status;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.bt.Trees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class XmlTreeLoaderTest {
    @TempDir
    Path dir;

    private final Trees trees = new Trees();

    private InputException loadError(String xml) {
        Throwable t = org.assertj.core.api.Assertions.catchThrowable(() -> trees.load(xml));
        assertThat(t).isInstanceOf(InputException.class);
        for (String line : t.getMessage().split("\n")) {
            assertThat(line).as("one error per line, each located").matches("(?s)<text>(:\\d+:\\d+)?: .*");
        }
        return (InputException) t;
    }

    @Test
    void anXxeDocumentIsRefusedWithoutReadingTheEntity() throws IOException {
        Path secret = Files.writeString(dir.resolve("secret.txt"), "TOP-SECRET");
        String xxe = "<?xml version=\"1.0\"?>\n<!DOCTYPE root [<!ENTITY x SYSTEM \"" + secret.toUri() + "\">]>\n"
                + "<root BTCPP_format=\"4\"><BehaviorTree ID=\"M\"><SetBlackboard output_key=\"k\" value=\"&x;\"/>"
                + "</BehaviorTree></root>";
        InputException e = loadError(xxe);
        assertThat(e.getMessage()).contains("<text>:2:").contains("DOCTYPE").doesNotContain("TOP-SECRET");
        assertThat(trees.blackboard.find("k")).isNull();
    }

    @Test
    void anUnknownNodeTypeNamesTheNearestRegisteredOnes() {
        InputException e = loadError(Trees.tree("<Sequense><AlwaysSuccess/></Sequense>"));
        assertThat(e.getMessage()).startsWith("<text>:3:").contains("<Sequense>", "unknown node type 'Sequense'",
                "did you mean Sequence");
    }

    @Test
    void anUnknownPortListsTheDeclaredPorts() {
        InputException e = loadError(Trees.tree("<Repeat num_cycle=\"3\"><AlwaysSuccess/></Repeat>"));
        assertThat(e.getMessage()).contains("unknown port 'num_cycle'", "Repeat has the ports num_cycles");
    }

    @Test
    void aMissingRequiredPortIsALoadError() {
        InputException e = loadError(Trees.tree("<Repeat><AlwaysSuccess/></Repeat>"));
        assertThat(e.getMessage()).contains("<Repeat>", "port 'num_cycles' is missing");
    }

    @Test
    void aBadValueForATypedPortSaysWhatWasExpected() {
        InputException e = loadError(Trees.tree("<Repeat name=\"r\" num_cycles=\"three\"><AlwaysSuccess/></Repeat>"));
        assertThat(e.getMessage()).contains("<Repeat name=\"r\">", "port 'num_cycles'", "\"three\" is not an integer");
    }

    @Test
    void aDecoratorWithTwoChildrenIsRejected() {
        InputException e = loadError(Trees.tree("<Inverter><AlwaysSuccess/><AlwaysFailure/></Inverter>"));
        assertThat(e.getMessage()).contains("decorator 'Inverter' takes exactly 1 child, found 2");
    }

    @Test
    void aLeafWithChildrenAndAnEmptyControlAreRejected() {
        assertThat(loadError(Trees.tree("<AlwaysSuccess><AlwaysFailure/></AlwaysSuccess>")).getMessage())
                .contains("takes no children");
        assertThat(loadError(Trees.tree("<Sequence/>")).getMessage()).contains("takes at least 1 child, found 0");
        assertThat(loadError(Trees.tree("<TryCatch><AlwaysSuccess/></TryCatch>")).getMessage())
                .contains("at least 2 children");
    }

    @Test
    void recursiveSubtreesAreRejectedWithTheCycle() {
        InputException e = loadError("<root BTCPP_format=\"4\" main_tree_to_execute=\"A\">"
                + "<BehaviorTree ID=\"A\"><SubTree ID=\"B\"/></BehaviorTree>"
                + "<BehaviorTree ID=\"B\"><Sequence><SubTree ID=\"A\"/></Sequence></BehaviorTree></root>");
        assertThat(e.getMessage()).contains("recursive SubTree: A -> B -> A");
    }

    @Test
    void malformedXmlNamesLineAndColumn() {
        InputException e = loadError("<root BTCPP_format=\"4\">\n<BehaviorTree ID=\"M\">\n<A x=\"1\"></B>\n"
                + "</BehaviorTree></root>");
        assertThat(e.getMessage()).startsWith("<text>:3:").contains("malformed XML");
    }

    @Test
    void everyErrorIsReportedAtOnceOneLineEach() {
        InputException e = loadError(Trees.tree("<Sequence><Repeat num_cycle=\"3\"><AlwaysSuccess/></Repeat>"
                + "<Sequense><AlwaysSuccess/></Sequense><Inverter/></Sequence>"));
        assertThat(e.getMessage().split("\n")).hasSize(4).anyMatch(l -> l.contains("unknown port 'num_cycle'"))
                .anyMatch(l -> l.contains("port 'num_cycles' is missing"))
                .anyMatch(l -> l.contains("unknown node type 'Sequense'; did you mean Sequence"))
                .anyMatch(l -> l.contains("decorator 'Inverter' takes exactly 1 child, found 0"));
    }

    @Test
    void anIntEntryBoundToAStringPortIsALoadError() {
        trees.blackboard.set("v", 1L);
        InputException e = loadError(Trees.tree("<Switch2 variable=\"{v}\" case_1=\"1\" case_2=\"2\">"
                + "<AlwaysSuccess/><AlwaysSuccess/><AlwaysSuccess/></Switch2>"));
        assertThat(e.getMessage()).contains("port 'variable'", "holds an integer");
    }

    @Test
    void severalTreesNeedMainTreeToExecute() {
        InputException e = loadError("<root BTCPP_format=\"4\"><BehaviorTree ID=\"A\"><AlwaysSuccess/></BehaviorTree>"
                + "<BehaviorTree ID=\"B\"><AlwaysSuccess/></BehaviorTree></root>");
        assertThat(e.getMessage()).contains("main_tree_to_execute");
    }

    @Test
    void includesAreResolvedRelativeToTheIncludingFile() throws IOException {
        Files.createDirectories(dir.resolve("lib"));
        Files.writeString(dir.resolve("lib/parts.xml"), "<root BTCPP_format=\"4\"><include path=\"more.xml\"/>"
                + "<BehaviorTree ID=\"Part\"><SubTree ID=\"Leaf\" _autoremap=\"true\"/></BehaviorTree></root>");
        Files.writeString(dir.resolve("lib/more.xml"), "<root BTCPP_format=\"4\"><BehaviorTree ID=\"Leaf\">"
                + "<Script code=\"done := 7\"/></BehaviorTree></root>");
        Path main = Files.writeString(dir.resolve("main.xml"), "<root BTCPP_format=\"4\" main_tree_to_execute=\"Main\">"
                + "<include path=\"lib/parts.xml\"/><BehaviorTree ID=\"Main\"><SubTree ID=\"Part\" _autoremap=\"true\"/>"
                + "</BehaviorTree></root>");
        Tree tree = new XmlTreeLoader(trees.registry).loadFile(main, trees.blackboard, new TreeContext(trees.timers, 0));
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.SUCCESS);
        assertThat(trees.blackboard.find("done").longValue()).isEqualTo(7);
    }

    @Test
    void errorsInAFileNameTheFile() throws IOException {
        Path f = Files.writeString(dir.resolve("bad.xml"), Trees.tree("<Nope/>"));
        assertThatThrownBy(() -> new XmlTreeLoader(trees.registry).loadFile(f, trees.blackboard,
                new TreeContext(trees.timers, 0)))
                .isInstanceOf(InputException.class).hasMessageStartingWith(f + ":3:");
    }

    @Test
    void theExplicitFormAndNamesWork() {
        Tree tree = trees.load(Trees.tree("<Control ID=\"Sequence\" name=\"main\"><Action ID=\"AlwaysSuccess\"/>"
                + "</Control>"));
        assertThat(tree.root().name()).isEqualTo("main");
        assertThat(tree.root().typeId()).isEqualTo("Sequence");
        assertThat(tree.tickExactlyOnce()).isEqualTo(Status.SUCCESS);
    }
}

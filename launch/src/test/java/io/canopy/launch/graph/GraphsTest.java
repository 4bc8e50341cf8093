package io.canopy.launch.graph;

import static io.canopy.launch.LaunchFiles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.InputException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GraphsTest {
    @TempDir
    Path dir;

    private static long count(String s, char c) {
        return s.chars().filter(x -> x == c).count();
    }

    @Test
    void aTreeIsDrawnTopDownWithSubTreesExpandedInClusters() {
        write(dir, "sub.xml", """
                <root BTCPP_format="4"><BehaviorTree ID="Avoid"><Sequence><ScriptCondition code="range &lt; 0.5"/><Turn/></Sequence></BehaviorTree></root>
                """);
        Path f = write(dir, "main.xml", """
                <root BTCPP_format="4" main_tree_to_execute="Main">
                  <include path="sub.xml"/>
                  <BehaviorTree ID="Main">
                    <ReactiveFallback name="patrol">
                      <SubTree ID="Avoid"/>
                      <Repeat num_cycles="-1"><Action ID="GoTo" x="1"/></Repeat>
                    </ReactiveFallback>
                  </BehaviorTree>
                </root>
                """);
        String dot = Graphs.dot(f, null);
        assertThat(dot).startsWith("digraph \"Main\" {").endsWith("}\n");
        assertThat(count(dot, '{')).isEqualTo(count(dot, '}'));
        assertThat(dot).contains("n0 [label=\"ReactiveFallback\\n\\\"patrol\\\"\" shape=box style=rounded];");
        assertThat(dot).contains("[label=\"SubTree\" shape=box style=\"rounded,dashed\"]", "subgraph cluster_n1", "label=\"Avoid\"");
        assertThat(dot).contains("label=\"ScriptCondition\\ncode=range < 0.5\" shape=ellipse style=filled");
        assertThat(dot).contains("label=\"Repeat\\nnum_cycles=-1\" shape=hexagon", "label=\"GoTo\\nx=1\" shape=ellipse");
        assertThat(dot).contains("n0 -> n1;", "n1 -> n2;", "n2 -> n3;", "n2 -> n4;", "n0 -> n5;", "n5 -> n6;");
    }

    @Test
    void aStatechartIsDrawnByTheStateMachineModuleWithClustersAndLabelledTransitions() {
        Path f = write(dir, "mission.scxml", """
                <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" initial="Idle">
                  <state id="Idle"><transition event="start" target="Active"/></state>
                  <state id="Active">
                    <transition event="stop" target="Idle"/>
                    <state id="Patrol"><transition event="battery" cond="_event.data &lt; 20" target="Dock"/></state>
                    <state id="Dock"><transition event="docked" target="done"/></state>
                  </state>
                  <parallel id="Both"><state id="A"/><state id="B"/></parallel>
                  <final id="done"/>
                </scxml>
                """);
        String dot = Graphs.dot(f, null);
        assertThat(dot).startsWith("digraph \"mission\" {");
        assertThat(count(dot, '{')).isEqualTo(count(dot, '}'));
        assertThat(dot).contains("subgraph \"cluster_Active\"", "subgraph \"cluster_Both\"");
        assertThat(dot).contains("\"Patrol\" -> \"Dock\" [label=\"battery [_event.data < 20]\"]");
        assertThat(dot).contains("\"anchor:Active\" -> \"Idle\" [label=\"stop\", ltail=\"cluster_Active\"]");
    }

    @Test
    void aMachineThatWouldNotLoadOrMalformedXmlIsReportedNotDrawn() {
        Path scxml = write(dir, "bad.scxml", "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\">"
                + "<state id=\"a\"><transition target=\"nowhere\"/></state></scxml>");
        assertThatThrownBy(() -> Graphs.dot(scxml, null)).isInstanceOf(InputException.class).hasMessageContaining("nowhere");
        Path tree = write(dir, "bad.xml", "<root BTCPP_format=\"4\"><BehaviorTree ID=\"M\"><Sequence></BehaviorTree></root>");
        assertThatThrownBy(() -> Graphs.dot(tree, null)).isInstanceOf(InputException.class).hasMessageContaining("malformed XML");
    }

    @Test
    void anUnknownMainTreeIsAnInputErrorListingTheTrees() {
        Path f = write(dir, "t.xml", "<root BTCPP_format=\"4\"><BehaviorTree ID=\"A\"><AlwaysSuccess/></BehaviorTree>"
                + "<BehaviorTree ID=\"B\"><AlwaysSuccess/></BehaviorTree></root>");
        assertThatThrownBy(() -> Graphs.dot(f, "C")).isInstanceOf(InputException.class).hasMessageContaining("the trees are [A, B]");
        assertThatThrownBy(() -> Graphs.dot(f, null)).hasMessageContaining("--main ID");
    }

    /**
     * A launch file is one valid digraph (a cluster per machine and tree, ids kept apart), checked by Graphviz
     * itself: {@code dot} must read it without an error, and every machine state and tree node is drawn.
     */
    @Test
    void aLaunchFileIsOneDigraphThatGraphvizReads() throws Exception {
        String dot = Graphs.dot(Path.of("examples/patrol.launch.xml"), null);
        assertThat(dot.split("digraph", -1)).as("one digraph").hasSize(2);
        assertThat(dot).contains("subgraph \"cluster_g0_\"", "label=\"mission\"", "label=\"Patrol\"", "label=\"Dock\"",
                "\"g1_n0\"", "\"g2_n0\"", "\"cluster_g0_Mission\"");
        org.junit.jupiter.api.Assumptions.assumeTrue(new java.io.File("/usr/bin/dot").canExecute(), "graphviz not installed: skipped");
        Process p = new ProcessBuilder("dot", "-Tplain").redirectErrorStream(true).start();
        p.getOutputStream().write(dot.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as("dot's verdict: %s", out).isZero();
        assertThat(out).doesNotContain("Warning", "Error").contains("node g0_Patrol ", "node g0_Charging ", "node g1_n0 ", "edge g0_Patrol g0_ReturnToDock");
    }
}

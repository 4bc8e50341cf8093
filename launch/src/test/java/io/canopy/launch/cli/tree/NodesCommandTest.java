package io.canopy.launch.cli.tree;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.launch.cli.CanopyMain;
import io.canopy.launch.cli.ValidateCommandTest;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

class NodesCommandTest {
    @Test
    void listsEveryBuiltinWithItsPorts() {
        Object[] r = ValidateCommandTest.run("nodes");
        String out = (String) r[1];
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_OK);
        assertThat(out).contains("Sequence (Control)", "Repeat (Decorator)", "ScriptCondition (Condition)",
                "  input num_cycles: int (required)", "  input success_count: int = -1");
    }

    @Test
    void xmlIsAGroot2PaletteWithPortsAndDefaults() throws Exception {
        Object[] r = ValidateCommandTest.run("nodes", "--xml", "--bench-leaves");
        String xml = (String) r[1];
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        Element root = doc.getDocumentElement();
        assertThat(root.getTagName()).isEqualTo("root");
        assertThat(root.getAttribute("BTCPP_format")).isEqualTo("4");
        Element model = (Element) root.getElementsByTagName("TreeNodesModel").item(0);
        Element copy = null;
        for (int i = 0; i < model.getElementsByTagName("Action").getLength(); i++) {
            Element e = (Element) model.getElementsByTagName("Action").item(i);
            if (e.getAttribute("ID").equals("CopyPort")) {
                copy = e;
            }
        }
        assertThat(copy).isNotNull();
        assertThat(((Element) copy.getElementsByTagName("output_port").item(0)).getAttribute("name")).isEqualTo("out");
        assertThat(xml).contains("<Control ID=\"Parallel\">",
                "<input_port name=\"failure_count\" type=\"int\" default=\"1\">");
    }

    /** The palette lists every node a launched tree can use, so Groot2 users can draw with them (issue #23). */
    @Test
    void thePaletteHasTheNavigationLeavesAndTheStateMachineNode() throws Exception {
        Object[] r = ValidateCommandTest.run("nodes", "--xml");
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_OK);
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(((String) r[1]).getBytes(StandardCharsets.UTF_8)));
        java.util.Set<String> ids = new java.util.HashSet<>();
        org.w3c.dom.NodeList all = doc.getDocumentElement().getElementsByTagName("*");
        for (int i = 0; i < all.getLength(); i++) {
            ids.add(((Element) all.item(i)).getAttribute("ID"));
        }
        assertThat(ids).contains("DriveTo", "Turn", "Move", "StateMachine", "Sequence");
    }
}

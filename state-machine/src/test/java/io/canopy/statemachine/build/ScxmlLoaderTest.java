package io.canopy.statemachine.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.InputException;
import io.canopy.statemachine.Machine;
import io.canopy.statemachine.MachineContext;
import io.canopy.statemachine.Statechart;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScxmlLoaderTest {
    private static final String HEAD = "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\" datamodel=\"ecmascript\">\n";

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void doctypeAndExternalEntitiesAreRefused() throws IOException {
        Path f = write("evil.scxml", "<?xml version=\"1.0\"?>\n<!DOCTYPE scxml [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n"
                + HEAD + "<state id=\"a\"><onentry><log expr=\"'&x;'\"/></onentry></state></scxml>");
        assertThatThrownBy(() -> ScxmlLoader.load(f)).isInstanceOf(InputException.class)
                .hasMessageContaining("evil.scxml:2:").hasMessageContaining("DOCTYPE");
    }

    @Test
    void malformedXmlNamesFileLineAndColumn() throws IOException {
        Path f = write("broken.scxml", HEAD + "<state id=\"a\">\n</scxml>");
        assertThatThrownBy(() -> ScxmlLoader.load(f)).isInstanceOf(InputException.class)
                .hasMessageMatching(".*broken\\.scxml:3:\\d+: malformed XML: .*");
    }

    @Test
    void unknownTargetNamesTheTransitionAndTheId() throws IOException {
        Path f = write("t.scxml", HEAD + "<state id=\"a\">\n  <transition event=\"go\" target=\"nowhere\"/>\n</state></scxml>");
        assertThatThrownBy(() -> ScxmlLoader.load(f)).isInstanceOf(InputException.class)
                .hasMessageContaining("t.scxml:3:").hasMessageContaining("<transition>")
                .hasMessageContaining("'nowhere'").hasMessageContaining("not a state");
    }

    @Test
    void duplicateIdsAreRefused() {
        assertThatThrownBy(() -> ScxmlLoader.parse(HEAD + "<state id=\"a\"/><state id=\"a\"/></scxml>", "dup.scxml"))
                .isInstanceOf(InputException.class).hasMessageContaining("duplicate state id 'a'");
    }

    @Test
    void invalidEcmascriptLoadsButIsReportedAsAWarningNamingLineElementAttributeAndToken() throws IOException {
        Path f = write("badexpr.scxml", HEAD + "<state id=\"a\">\n"
                + "  <transition event=\"go\" cond=\"_event.data &lt;&lt; + )\" target=\"b\"/>\n"
                + "</state><final id=\"b\"/></scxml>");
        Statechart chart = ScxmlLoader.load(f);
        assertThat(chart.stateIds()).contains("a", "b");
        assertThat(chart.warnings()).hasSize(1);
        assertThat(chart.warnings().get(0))
                .contains("badexpr.scxml:3:")
                .contains("<transition> cond=\"_event.data << + )\"")
                .contains("not a valid ECMAScript expression")
                .contains("found ')' at column 18")
                .contains("error.execution");
    }

    @Test
    void validExpressionsGiveNoWarnings() {
        Statechart chart = ScxmlLoader.parse(HEAD + "<datamodel><data id=\"v\" expr=\"1\"/></datamodel>"
                + "<state id=\"a\"><transition cond=\"v &gt; 0\" target=\"a\"/></state></scxml>", "good.scxml");
        assertThat(chart.warnings()).isEmpty();
    }

    @Test
    void ecmascriptBeyondTheCompiledSubsetRunsOnTheFullEngineOrIsRefusedWhenCompiledIsForced() {
        String body = "<datamodel><data id=\"v\"/></datamodel>"
                + "<state id=\"a\"><transition cond=\"new Date() &gt; 1\" target=\"b\"/></state><final id=\"b\"/></scxml>";
        Statechart full = ScxmlLoader.parse(HEAD + body, "vocab.scxml");
        assertThat(full.datamodelEngine()).isEqualTo("full");
        assertThat(full.datamodelEngineReason()).contains("beyond the compiled subset", "vocab.scxml:2:",
                "<transition> cond=\"new Date() > 1\"");
        Machine m = full.newMachine(new MachineContext(null));
        m.start();
        assertThat(m.finalStateId()).isEqualTo("b");
        assertThatThrownBy(() -> ScxmlLoader.parse(HEAD.replace("datamodel=\"ecmascript\"",
                "datamodel=\"ecmascript\" datamodel-engine=\"compiled\"") + body, "vocab.scxml"))
                .isInstanceOf(InputException.class)
                .hasMessageContaining("vocab.scxml:2:").hasMessageContaining("<transition> cond=\"new Date() > 1\"")
                .hasMessageContaining("datamodel-engine=\"compiled\"");
        assertThatThrownBy(() -> ScxmlLoader.parse("<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" datamodel=\"xpath\">"
                + "<state id=\"a\"><transition cond=\"true()\" target=\"a\"/></state></scxml>", "x.scxml"))
                .isInstanceOf(InputException.class).hasMessageContaining("datamodel=\"xpath\" is not supported");
    }

    @Test
    void invalidEcmascriptLoadsAndRaisesErrorExecutionWhenEvaluated() {
        Statechart c = ScxmlLoader.parse(HEAD + "<state id=\"a\"><transition cond=\"return\" target=\"bad\"/>"
                + "<transition event=\"error.execution\" target=\"ok\"/></state><final id=\"bad\"/><final id=\"ok\"/></scxml>",
                "invalid.scxml");
        Machine m = c.newMachine(new MachineContext(null));
        m.start();
        assertThat(m.finalStateId()).isEqualTo("ok");
    }

    @Test
    void subMachinesAreLoadedRelativeToTheDocument() throws IOException {
        write("child.scxml", HEAD + "<final id=\"done\"><donedata><param name=\"x\" expr=\"42\"/></donedata></final></scxml>");
        Path parent = write("parent.scxml", HEAD + "<datamodel><data id=\"got\"/></datamodel>"
                + "<state id=\"a\"><invoke src=\"file:child.scxml\"/>"
                + "<transition event=\"done.invoke\" target=\"end\"><assign location=\"got\" expr=\"_event.data.x\"/></transition>"
                + "</state><final id=\"end\"/></scxml>");
        Machine m = ScxmlLoader.load(parent).newMachine(new MachineContext(null));
        m.start();
        assertThat(m.finalStateId()).isEqualTo("end");
        assertThat(m.data("got").longValue()).isEqualTo(42L);
        Path missing = write("orphan.scxml", HEAD + "<state id=\"a\"><invoke src=\"file:nope.scxml\"/></state></scxml>");
        assertThatThrownBy(() -> ScxmlLoader.load(missing)).isInstanceOf(InputException.class)
                .hasMessageContaining("orphan.scxml:2:").hasMessageContaining("<invoke>").hasMessageContaining("nope.scxml");
    }
}

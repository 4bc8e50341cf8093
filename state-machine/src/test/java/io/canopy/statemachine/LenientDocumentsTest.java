package io.canopy.statemachine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.InputException;
import io.canopy.statemachine.build.ScxmlLoader;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Documents that other SCXML engines load: Canopy loads them too, with a warning where it has to guess. */
class LenientDocumentsTest {
    private static final String NS = "http://www.w3.org/2005/07/scxml";

    @TempDir
    Path dir;

    private static Machine start(Statechart chart) {
        Machine m = chart.newMachine(new MachineContext(null));
        m.start();
        return m;
    }

    @Test
    void aNamespacePrefixedRootLoads() {
        Statechart c = ScxmlLoader.parse("<scxml:scxml xmlns:scxml=\"" + NS + "\" version=\"1.0\" initial=\"a\">"
                + "<scxml:state id=\"a\"><scxml:transition event=\"go\" target=\"b\"/></scxml:state>"
                + "<scxml:final id=\"b\"/></scxml:scxml>", "prefixed.scxml");
        assertThat(c.warnings()).singleElement().satisfies(w -> assertThat(w).contains("prefixed.scxml:1:1:",
                "namespace-prefixed root <scxml:scxml>", "write <scxml xmlns="));
        Machine m = start(c);
        m.fire("go");
        assertThat(m.finalStateId()).isEqualTo("b");
    }

    private Path write(String name, String xml, Charset charset) throws IOException {
        Path f = dir.resolve(name);
        Files.write(f, xml.getBytes(charset));
        return f;
    }

    @Test
    void utf16AndLatin1FilesDeclaredInTheirPrologLoad() throws IOException {
        String body = "<scxml xmlns=\"" + NS + "\" version=\"1.0\" datamodel=\"ecmascript\">"
                + "<datamodel><data id=\"greeting\" expr=\"'Grüße'\"/></datamodel>"
                + "<state id=\"Zustand_ä\"/></scxml>";
        Path utf16 = write("utf16.scxml", "\uFEFF<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n" + body, StandardCharsets.UTF_16LE);
        Path latin1 = write("latin1.scxml", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n" + body,
                StandardCharsets.ISO_8859_1);
        for (Path f : new Path[] {utf16, latin1}) {
            Statechart c = ScxmlLoader.load(f);
            assertThat(c.warnings()).as(f.toString()).singleElement().satisfies(w -> assertThat(w)
                    .contains(f.getFileName() + ":1:1: the document is in ").containsAnyOf("UTF-16", "ISO-8859-1")
                    .contains("save it as UTF-8"));
            Machine m = start(c);
            assertThat(m.activeStates()).as(f.toString()).containsExactly("Zustand_ä");
            assertThat(m.data("greeting").objectValue()).isEqualTo("Grüße");
        }
        // a Latin-1 file that does not say so is still refused with one clear line
        Path undeclared = write("undeclared.scxml", body, StandardCharsets.ISO_8859_1);
        assertThatThrownBy(() -> ScxmlLoader.load(undeclared)).isInstanceOf(InputException.class)
                .hasMessageContaining("UTF-8");
    }

    @Test
    void historyWithoutADefaultTransitionWarnsAndEntersTheParentsInitialState() {
        Statechart c = ScxmlLoader.parse("<scxml xmlns=\"" + NS + "\" version=\"1.0\" initial=\"start\">\n"
                + "<state id=\"start\"><transition event=\"go\" target=\"h\"/></state>\n"
                + "<state id=\"p\" initial=\"p2\"><history id=\"h\"/><state id=\"p1\"/><state id=\"p2\"/></state>\n"
                + "</scxml>", "history.scxml");
        assertThat(c.warnings()).anySatisfy(w -> assertThat(w).contains("history.scxml:3:")
                .contains("<history id=\"h\">").contains("no default transition").contains("p2"));
        Machine m = start(c);
        m.fire("go");
        assertThat(m.activeStates()).containsExactly("p", "p2");
    }

    @Test
    void aTransitionDirectlyUnderScxmlWarnsAndIsIgnored() {
        Statechart c = ScxmlLoader.parse("<scxml xmlns=\"" + NS + "\" version=\"1.0\">\n"
                + "<state id=\"a\"><transition event=\"go\" target=\"b\"/></state><state id=\"b\"/>\n"
                + "<transition event=\"reset\" target=\"a\"/>\n"
                + "</scxml>", "qt.scxml");
        assertThat(c.warnings()).anySatisfy(w -> assertThat(w).contains("qt.scxml:3:").contains("<transition>")
                .contains("<scxml>").contains("wrap"));
        Machine m = start(c);
        m.fire("go");
        m.fire("reset");
        assertThat(m.activeStates()).containsExactly("b");
    }

    @Test
    void aScriptThatLoadsButFailsAtRunTimeRaisesErrorExecution() {
        Statechart c = ScxmlLoader.parse("<scxml xmlns=\"" + NS + "\" version=\"1.0\" datamodel=\"ecmascript\">"
                + "<datamodel><data id=\"o\"/><data id=\"after\" expr=\"0\"/></datamodel>"
                + "<state id=\"a\"><onentry><script>o.missing.field = 1</script><assign location=\"after\" expr=\"1\"/>"
                + "</onentry><transition event=\"error.execution\" target=\"failed\"/></state>"
                + "<final id=\"failed\"/></scxml>", "script.scxml");
        Machine m = start(c);
        assertThat(m.finalStateId()).isEqualTo("failed");
        // the failing statement ended its block: the assign after it did not run
        assertThat(m.data("after").objectValue()).isEqualTo(0L);
    }

    @Test
    void unsupportedDatamodelsAreRefusedByName() {
        for (String dm : new String[] {"jexl", "cplusplus", "xpath", "lua", "groovy", "promela", "c89", "python"}) {
            assertThatThrownBy(() -> ScxmlLoader.parse("<scxml xmlns=\"" + NS + "\" datamodel=\"" + dm + "\">"
                    + "<state id=\"a\"><onentry><log expr=\"1\"/></onentry></state></scxml>", "dm.scxml"))
                    .isInstanceOf(InputException.class)
                    .hasMessageStartingWith("dm.scxml:1:1: <scxml>: datamodel=\"" + dm + "\" is not supported")
                    .hasMessageContaining("<log> uses it")
                    .hasMessageContaining("datamodel=\"ecmascript\"").hasMessageNotContaining("\n");
        }
    }

    @Test
    void blockCommentsInExpressionsLoadWithOneWarningPerDocumentOnBothEngines() {
        for (String engine : new String[] {"compiled", "full"}) {
            Statechart c = ScxmlLoader.parse("<scxml xmlns=\"" + NS + "\" version=\"1.0\" datamodel-engine=\"" + engine + "\">\n"
                    + "<datamodel><data id=\"x\" expr=\"1 /* one */\"/><data id=\"s\" expr=\"'/* not a comment */'\"/></datamodel>\n"
                    + "<state id=\"a\"><transition cond=\"x /* is one */ == 1\" target=\"b\"/></state><final id=\"b\"/></scxml>",
                    "comments.scxml");
            assertThat(c.datamodelEngine()).isEqualTo(engine);
            assertThat(c.warnings()).as(engine).singleElement().satisfies(w -> assertThat(w)
                    .contains("comments.scxml:2:", "<data> expr=\"1 /* one */\"", "/* */ comment", "2 expressions"));
            Machine m = start(c);
            assertThat(m.finalStateId()).isEqualTo("b");
            assertThat(m.data("s").objectValue()).isEqualTo("/* not a comment */");
        }
    }

    @Test
    void aDataSrcUrlIsNotFetchedTheItemStartsUndefinedWithAWarningAndErrorExecution() {
        Statechart c = ScxmlLoader.parse("<scxml xmlns=\"" + NS + "\" version=\"1.0\">\n"
                + "<datamodel><data id=\"remote\" src=\"http://example.org/data.json\"/></datamodel>\n"
                + "<state id=\"a\"><transition event=\"error.execution\" target=\"b\"/></state><final id=\"b\"/></scxml>",
                "remote.scxml");
        assertThat(c.warnings()).singleElement().satisfies(w -> assertThat(w).contains("remote.scxml:2:",
                "src=\"http://example.org/data.json\"", "not fetched", "undefined"));
        Machine m = start(c);
        assertThat(m.finalStateId()).isEqualTo("b");
        assertThat(m.data("remote").exists()).isTrue();
        assertThat(m.data("remote").objectValue()).isNull();
    }
}

package io.canopy.launch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code canopy validate} and {@code canopy scxml run|trace} say which datamodel engine runs a document and why. */
class ScxmlEngineCommandsTest {
    private static final String HEAD = "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\" datamodel=\"ecmascript\">\n";

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void validateNamesTheEngineOfEachDocumentAndWhy() throws IOException {
        Path subset = write("subset.scxml", HEAD + "<datamodel><data id=\"n\" expr=\"1\"/></datamodel>"
                + "<state id=\"a\"><transition cond=\"n &gt; 0\" target=\"b\"/></state><final id=\"b\"/></scxml>");
        Path beyond = write("beyond.scxml", HEAD + "<datamodel><data id=\"list\" expr=\"[3, 1, 2]\"/></datamodel>\n"
                + "<state id=\"a\"><transition cond=\"list.sort(function (x, y) { return x - y; })[0] === 1\" target=\"b\"/>"
                + "</state><final id=\"b\"/></scxml>");
        Path forced = write("forced.scxml", HEAD.replace("version=", "datamodel-engine=\"full\" version=") + "<state id=\"a\"/></scxml>");
        Path none = write("none.scxml", "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\" datamodel=\"null\">"
                + "<state id=\"a\"/></scxml>");
        Object[] r = ValidateCommandTest.run("validate", subset.toString(), beyond.toString(), forced.toString(), none.toString());
        String out = (String) r[1];
        assertThat(r[0]).as((String) r[2]).isEqualTo(CanopyMain.EXIT_OK);
        assertThat(out).contains("OK " + subset + " (datamodel engine: compiled (every expression and script is in the compiled subset))")
                .contains("OK " + beyond + " (datamodel engine: full (beyond the compiled subset: ")
                .contains("beyond.scxml:3:", "<transition> cond=\"list.sort(")
                .contains("OK " + forced + " (datamodel engine: full (forced by datamodel-engine=\"full\"))")
                .contains("OK " + none + " (datamodel engine: null (the null datamodel (In() only)))");
    }

    @Test
    void scxmlRunAndTraceTakeAnEngineAndSayWhichOneRuns() throws IOException {
        Path chart = write("m.scxml", HEAD + "<datamodel><data id=\"n\" expr=\"0\"/></datamodel>"
                + "<state id=\"a\"><transition event=\"go\" target=\"b\"><assign location=\"n\" expr=\"n + 1\"/></transition></state>"
                + "<state id=\"b\"/></scxml>");
        Path events = write("events.txt", "go\n");
        for (String engine : new String[] {"compiled", "full"}) {
            Object[] r = ValidateCommandTest.run("scxml", "trace", chart.toString(), "--events", events.toString(),
                    "--engine", engine);
            assertThat(r[0]).as((String) r[2]).isEqualTo(CanopyMain.EXIT_OK);
            assertThat((String) r[1]).isEqualTo("initial -> a\ngo -> b\n");
            assertThat((String) r[2]).startsWith("datamodel engine: " + engine + " (");
        }
        Object[] bad = ValidateCommandTest.run("scxml", "run", chart.toString(), "--events", events.toString(), "--engine", "v8");
        assertThat(bad[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat((String) bad[2]).contains("engine 'v8' must be auto, compiled or full");
    }

    /** Issue #35 item 9: the machine's first line came out before the error that there is nothing to run. */
    @Test
    void aMissingEventsFileIsOneLineAndTheMachineDoesNotStart() throws IOException {
        Path chart = write("m.scxml", HEAD + "<state id=\"a\"/></scxml>");
        Path nope = dir.resolve("nope.txt");
        Object[] r = ValidateCommandTest.run("scxml", "trace", chart.toString(), "--events", nope.toString());
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat((String) r[1]).isEmpty();
        assertThat((String) r[2]).contains(nope + ": cannot read the events file (no such file); give a file with one "
                + "event per line").doesNotContain("initial");
    }

    @Test
    void scxmlBenchMeasuresTheDocumentOnBothEngines() throws IOException {
        Path chart = write("m.scxml", HEAD + "<state id=\"a\"><transition event=\"go\" cond=\"_event.data.n &gt; 1\" target=\"b\"/></state>"
                + "<state id=\"b\"><transition event=\"back\" target=\"a\"/></state></scxml>");
        Object[] r = ValidateCommandTest.run("scxml", "bench", chart.toString(), "--event", "go {\"n\": 2}", "--event", "back",
                "--events", "2000", "--warmup", "100", "--runs", "1");
        assertThat(r[0]).as((String) r[2]).isEqualTo(CanopyMain.EXIT_OK);
        String[] lines = ((String) r[1]).split("\n");
        assertThat(lines[0]).contains("engine", "ns/event", "events/s", "bytes/event");
        assertThat(lines[1]).matches("compiled +[0-9.]+ +[0-9]+ +[0-9.]+");
        assertThat(lines[2]).matches("full +[0-9.]+ +[0-9]+ +[0-9.]+");
    }
}

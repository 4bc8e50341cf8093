package io.canopy.launch.cli.tree;

import static org.assertj.core.api.Assertions.assertThat;

import io.canopy.launch.cli.CanopyMain;
import io.canopy.launch.cli.ValidateCommandTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScxmlTestCommandTest {
    private static final String HEAD = "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\" datamodel=\"ecmascript\">";

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    private Path reachesFail() throws IOException {
        return write("f.scxml", HEAD + "<state id=\"s0\"><transition target=\"fail\"/></state>"
                + "<final id=\"pass\"/><final id=\"fail\"/></scxml>");
    }

    @Test
    void passingFilesPrintPassAndExitZeroWithoutWaitingForDelays() throws IOException {
        write("a.scxml", HEAD + "<state id=\"s0\"><onentry><send event=\"go\" delay=\"3600s\"/></onentry>"
                + "<transition event=\"go\" target=\"pass\"/></state><final id=\"pass\"/><final id=\"fail\"/></scxml>");
        write("b.scxml", HEAD + "<state id=\"s0\"><transition target=\"pass\"/></state><final id=\"pass\"/></scxml>");
        write("bsub1.scxml", HEAD + "<final id=\"x\"/></scxml>");
        Object[] r = ValidateCommandTest.run("scxml-test", dir.toString());
        assertThat(r[0]).as((String) r[2]).isEqualTo(CanopyMain.EXIT_OK);
        assertThat(((String) r[1]).strip().split("\n")).containsExactly("PASS a.scxml", "PASS b.scxml", "2 passed, 0 failed");
    }

    @Test
    void failuresAreReportedPerFileAndExitOne() throws IOException {
        Path fail = reachesFail();
        Path stuck = write("s.scxml", HEAD + "<state id=\"s0\"/><final id=\"pass\"/></scxml>");
        Object[] r = ValidateCommandTest.run("scxml-test", fail.toString(), stuck.toString());
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_FAILED);
        String[] lines = ((String) r[1]).strip().split("\n");
        assertThat(lines[0]).isEqualTo("FAIL f.scxml: reached fail");
        assertThat(lines[1]).startsWith("FAIL s.scxml: did not finish");
        assertThat(lines[2]).isEqualTo("0 passed, 2 failed");
    }

    @Test
    void anInvalidDocumentAmongTheTestsIsBadInputExitTwoAfterEveryLine() throws IOException {
        Path fail = reachesFail();
        Path bad = write("x.scxml", HEAD + "<state id=\"s0\"><transition target=\"nowhere\"/></state></scxml>");
        Object[] r = ValidateCommandTest.run("scxml-test", fail.toString(), bad.toString());
        assertThat(r[0]).as("an invalid file is bad input, as in validate").isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        String[] lines = ((String) r[1]).strip().split("\n");
        assertThat(lines[0]).isEqualTo("FAIL f.scxml: reached fail");
        assertThat(lines[1]).startsWith("FAIL x.scxml: ").contains("x.scxml:1:", "<transition>", "'nowhere'");
        assertThat(lines[2]).isEqualTo("0 passed, 2 failed (1 invalid)");
    }

    @Test
    void aMissingPathIsBadInput() {
        Object[] r = ValidateCommandTest.run("scxml-test", dir.resolve("nope.scxml").toString());
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat((String) r[2]).contains("nope.scxml").contains("no such file");
    }
}

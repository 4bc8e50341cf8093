package io.canopy.statemachine.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.canopy.InputException;
import io.canopy.statemachine.Statechart;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files that are not SCXML text fail with one line naming the file and what it is, never a parser trace. */
class ScxmlLoaderBadFileTest {
    @TempDir
    Path dir;

    @Test
    void aDirectoryIsNamedAsOne() throws IOException {
        Path d = Files.createDirectory(dir.resolve("d.scxml"));
        assertThatThrownBy(() -> ScxmlLoader.load(d)).isInstanceOf(InputException.class)
                .hasMessageContaining("d.scxml").hasMessageContaining("is a directory");
    }

    @Test
    void binaryDataGivesTheByteOffset() throws IOException {
        Path f = Files.write(dir.resolve("b.scxml"), new byte[] {'<', 's', 0, 1, 2});
        assertThatThrownBy(() -> ScxmlLoader.load(f)).isInstanceOf(InputException.class)
                .hasMessageContaining("b.scxml").hasMessageContaining("byte offset 2");
    }

    @Test
    void anEmptyFileSaysSo() throws IOException {
        Path f = Files.createFile(dir.resolve("e.scxml"));
        assertThatThrownBy(() -> ScxmlLoader.load(f)).isInstanceOf(InputException.class)
                .hasMessageContaining("e.scxml").hasMessageContaining("empty");
    }

    @Test
    void anInvalidAssignmentTargetInAConditionLoadsWithAWarningNotACrash() {
        // A location that is not a name puts the document on the full engine; for "Var1**9=1" Rhino computes a
        // negative column, and building its EvaluatorException threw IllegalArgumentException (found by
        // ScxmlFuzzTest). Now it is the usual load-time warning for a bad expression.
        String doc = "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\" datamodel=\"ecmascript\">\n"
                + "<datamodel><data id=\"Var1\" expr=\"0\"/></datamodel>\n"
                + "<state id=\"s\"><onentry><assign location=\"V,r1\"/></onentry>"
                + "<transition cond=\"Var1**9=1\" target=\"s\"/></state></scxml>";
        Statechart chart = ScxmlLoader.parse(doc, "odd.scxml");
        assertThat(chart.warnings()).anySatisfy(w -> assertThat(w).contains("odd.scxml:3:", "cond=\"Var1**9=1\"",
                "raises error.execution"));
    }
}

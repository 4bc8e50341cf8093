package io.canopy.launch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class ValidateCommandTest {
    @TempDir
    Path dir;

    /** Runs canopy with captured stdout and stderr: {exit, out, err}. */
    public static Object[] run(String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            int code = CanopyMain.execute(args);
            return new Object[] {code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void goodFilesPrintOkAndExitZero() throws IOException {
        write("t.xml", "<root BTCPP_format=\"4\"><BehaviorTree ID=\"M\"><AlwaysSuccess/></BehaviorTree></root>");
        write("m.scxml", "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\"><state id=\"a\"/></scxml>");
        Path launch = write("ok.launch.xml", "<launch><arg name=\"hz\"/><node name=\"n\"><timer name=\"t\" hz=\"$(var hz)\"/>"
                + "<tree file=\"t.xml\"/><statemachine file=\"m.scxml\"/></node></launch>");
        Object[] r = run("validate", "--arg", "hz=20", launch.toString(), dir.resolve("t.xml").toString(), dir.resolve("m.scxml").toString());
        assertThat(r[0]).as((String) r[2]).isEqualTo(CanopyMain.EXIT_OK);
        assertThat((String) r[1]).contains("OK " + launch, "OK " + dir.resolve("t.xml"), "OK " + dir.resolve("m.scxml"));
        assertThat((String) r[2]).isEmpty();
    }

    private Path badExpression() throws IOException {
        return write("badexpr.scxml", "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\" datamodel=\"ecmascript\">\n"
                + "<state id=\"a\">\n  <transition event=\"go\" cond=\"_event.data &lt;&lt; + )\" target=\"b\"/>\n</state>\n"
                + "<final id=\"b\"/></scxml>");
    }

    @Test
    void anInvalidScxmlExpressionIsAOneLineWarningAndTheFileIsStillOk() throws IOException {
        Path f = badExpression();
        Object[] r = run("validate", f.toString());
        assertThat(r[0]).as((String) r[2]).isEqualTo(CanopyMain.EXIT_OK);
        assertThat((String) r[1]).contains("OK " + f);
        String[] lines = ((String) r[2]).strip().split("\n");
        assertThat(lines).hasSize(1);
        assertThat(lines[0]).startsWith("warning: ").contains("badexpr.scxml:3:", "<transition> cond=\"_event.data << + )\"",
                "not a valid ECMAScript expression", "found ')' at column 18", "error.execution");
    }

    @Test
    void withStrictAnInvalidScxmlExpressionIsAnErrorAndTheExitCodeIsTwo() throws IOException {
        Path f = badExpression();
        Object[] r = run("validate", "--strict", f.toString());
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat((String) r[1]).doesNotContain("OK " + f);
        String[] lines = ((String) r[2]).strip().split("\n");
        assertThat(lines).hasSize(2);
        assertThat(lines[0]).doesNotStartWith("warning:").contains("badexpr.scxml:3:", "<transition> cond=", "--strict");
        assertThat(lines[1]).isEqualTo("1 of 1 file(s) have errors");
    }

    @Test
    void everyErrorIsOneLineOnStderrAndTheExitCodeIsTwo() throws IOException {
        Path bad = write("bad.launch.xml", "<launch><node name=\"n\" colour=\"red\"><timer name=\"t\" hz=\"-5\"/></node></launch>");
        Path good = write("good.launch.xml", "<launch><node name=\"n\"/></launch>");
        Object[] r = run("validate", bad.toString(), good.toString());
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat((String) r[1]).contains("OK " + good).doesNotContain("OK " + bad);
        String[] lines = ((String) r[2]).strip().split("\n");
        assertThat(lines).hasSize(3);
        assertThat(lines[0]).contains("bad.launch.xml:1:", "<node>", "unknown attribute 'colour'");
        assertThat(lines[1]).contains("bad.launch.xml:1:", "<timer>", "-5 is out of range");
        assertThat(lines[2]).isEqualTo("1 of 2 file(s) have errors");
        assertThat((String) r[2]).doesNotContain("Exception", "\tat ");
    }

    @Test
    void aLaunchFileWhoseTreeIsMalformedFailsWithTheTreesPosition() throws IOException {
        write("t.xml", "<root BTCPP_format=\"4\">\n<BehaviorTree ID=\"M\">\n</root>");
        Path launch = write("l.launch.xml", "<launch><node name=\"n\"><timer name=\"t\" hz=\"1\"/><tree file=\"t.xml\"/></node></launch>");
        Object[] r = run("validate", launch.toString());
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat((String) r[2]).contains("t.xml:3:", "malformed XML", "named by ", "l.launch.xml:1:");
    }

    @Test
    void anUnknownKindOfFileIsBadInput() throws IOException {
        Path f = write("notes.xml", "<notes/>");
        Object[] r = run("validate", f.toString());
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat((String) r[2]).contains("not a launch file, behavior tree or SCXML document (root element <notes>)");
    }

    @Test
    void aBadArgOptionIsBadInput() throws IOException {
        Path f = write("x.launch.xml", "<launch/>");
        Object[] r = run("validate", "--arg", "novalue", f.toString());
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat((String) r[2]).contains("write --arg NAME=VALUE");
    }
}

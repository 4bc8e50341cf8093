package io.canopy.launch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input through the real command line: every problem is one line on stderr naming the file (and the byte
 * offset or line), with no stack trace, and exit code 2.
 */
class BadInputCliTest {
    @TempDir
    Path dir;

    private static String oneLineError(Object[] r) {
        assertThat(r[0]).as("exit code; stderr: %s", r[2]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        String err = ((String) r[2]).strip();
        assertThat(err).doesNotContain("Exception", "\tat ", "internal error");
        return err;
    }

    private Path binary() throws IOException {
        Path p = dir.resolve("garbage.xml");
        Files.write(p, new byte[] {'<', 'r', (byte) 0xC3, (byte) 0x28, 0, 1, 2});
        return p;
    }

    @Test
    void aDirectoryIsNamedAsADirectoryByEveryTreeCommand() throws IOException {
        Path d = Files.createDirectory(dir.resolve("trees.scxml"));
        for (String[] cmd : new String[][] {{"graph"}, {"bench", "tree"}}) {
            String[] args = java.util.Arrays.copyOf(cmd, cmd.length + 1);
            args[cmd.length] = d.toString();
            String err = oneLineError(ValidateCommandTest.run(args));
            assertThat(err).as(String.join(" ", cmd)).isEqualTo("canopy: " + d + ": is a directory; give "
                    + (cmd[0].equals("graph") ? "a launch file, behavior tree or SCXML document"
                            : "a behavior-tree file (<root BTCPP_format=\"4\">)"));
        }
        Object[] r = ValidateCommandTest.run("validate", d.toString());
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat((String) r[2]).startsWith(d + ": is a directory");
    }

    @Test
    void binaryDataIsReportedWithItsByteOffsetNotAsAJavaException() throws IOException {
        Path g = binary();
        String err = oneLineError(ValidateCommandTest.run("bench", "tree", g.toString()));
        assertThat(err).isEqualTo("canopy: " + g + ": byte offset 4: NUL byte, this is binary data, not a "
                + "behavior-tree file (<root BTCPP_format=\"4\">)");
        err = oneLineError(ValidateCommandTest.run("graph", g.toString()));
        assertThat(err).startsWith("canopy: " + g + ": byte offset 4: NUL byte");
    }

    @Test
    void aFileThatIsNotUtf8NamesTheByteOffsetAndTheByte() throws IOException {
        Path g = dir.resolve("latin1.xml");
        Files.write(g, "<root BTCPP_format=\"4\"><BehaviorTree ID=\"caf\u00e9\"/></root>".getBytes(StandardCharsets.ISO_8859_1));
        String err = oneLineError(ValidateCommandTest.run("bench", "tree", g.toString()));
        assertThat(err).isEqualTo("canopy: " + g + ": byte offset 44: byte 0xe9 is not UTF-8 text; save the file as"
                + " UTF-8 (it should be a behavior-tree file (<root BTCPP_format=\"4\">))");
    }

    @Test
    void anEmptyFileSaysItIsEmpty() throws IOException {
        Path e = Files.writeString(dir.resolve("empty.xml"), "  \n");
        assertThat(oneLineError(ValidateCommandTest.run("graph", e.toString())))
                .isEqualTo("canopy: " + e + ": the file is empty; give a launch file, behavior tree or SCXML document");
        Object[] r = ValidateCommandTest.run("validate", e.toString());
        assertThat((String) r[2]).startsWith(e + ": the file is empty");
    }

    @Test
    void aTruncatedTreeSaysSoWithLineAndColumn() throws IOException {
        Path t = Files.writeString(dir.resolve("t.xml"), "<root BTCPP_format=\"4\">\n  <BehaviorTree ID=\"M\">\n    <Seq");
        String err = oneLineError(ValidateCommandTest.run("bench", "tree", t.toString()));
        assertThat(err).startsWith("canopy: " + t + ":3:")
                .endsWith("(the file ends inside an element: is it truncated? close every element)")
                .doesNotContain("&lt;");
    }

    @Test
    void anOptionWithABadValueIsOneLineNamingTheOptionAndTheHelp() {
        String err = oneLineError(ValidateCommandTest.run("bench", "ticker", "--seconds", "abc"));
        assertThat(err).doesNotContain("\n")
                .isEqualTo("canopy: Invalid value for option '--seconds': 'abc' is not an int"
                        + " (see 'canopy bench ticker --help')");
    }

    @Test
    void aMessageThatNamesItsCommandIsNotPrefixedTwice() {
        String err = oneLineError(ValidateCommandTest.run("bench", "ticker", "--hz", "0"));
        assertThat(err).startsWith("canopy bench ticker: --hz 0").doesNotContain("canopy: canopy");
    }

    @Test
    void anEmptyScenarioFolderIsAnErrorNotZeroPassed() throws IOException {
        Path d = Files.createDirectory(dir.resolve("scenarios"));
        String err = oneLineError(ValidateCommandTest.run("tree-test", d.toString()));
        assertThat(err).isEqualTo("canopy: " + d + ": no scenario files (*.yaml, *.yml) in this folder; give a"
                + " scenario file or a folder holding some");
    }

    @Test
    void aMisspeltScenarioKeyIsRefusedWithASuggestion() throws IOException {
        Path y = Files.writeString(dir.resolve("s.yaml"), "cases:\n- id: one\n  xml: '<root BTCPP_format=\"4\">"
                + "<BehaviorTree ID=\"M\"><AlwaysSuccess/></BehaviorTree></root>'\n  tickz: [SUCCESS]\n");
        String err = oneLineError(ValidateCommandTest.run("tree-test", y.toString()));
        assertThat(err).startsWith("canopy: " + y + ":4:3: case 'one': unknown key 'tickz' (did you mean 'ticks'?)");
    }

    @Test
    void aMissingTreeIncludeNamesTheIncludingElementInValidateAndGraph() throws IOException {
        Path t = Files.writeString(dir.resolve("t.xml"), "<root BTCPP_format=\"4\">\n<include path=\"nope.xml\"/>\n"
                + "<BehaviorTree ID=\"M\"><AlwaysSuccess/></BehaviorTree></root>");
        Object[] r = ValidateCommandTest.run("validate", t.toString());
        assertThat(r[0]).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat((String) r[2]).startsWith(t + ":2:").contains("<include path=\"nope.xml\">", "no such file");
        String err = oneLineError(ValidateCommandTest.run("graph", t.toString()));
        assertThat(err).startsWith("canopy: " + t + ":2:").contains("<include path=\"nope.xml\">", "no such file");
    }

    @Test
    void runOnADirectoryOrABinaryLaunchFileSaysWhatItIs() throws IOException {
        Path d = Files.createDirectory(dir.resolve("x.launch.xml"));
        assertThat(oneLineError(ValidateCommandTest.run("run", d.toString())))
                .isEqualTo("canopy: " + d + ": is a directory; give a launch file (<launch>)");
        Path g = dir.resolve("g.launch.xml");
        Files.write(g, new byte[] {'<', 'l', 0, 1});
        assertThat(oneLineError(ValidateCommandTest.run("run", g.toString())))
                .isEqualTo("canopy: " + g + ": byte offset 2: NUL byte, this is binary data, not a launch file (<launch>)");
    }

    @Test
    void aNumericOptionOutOfRangeNamesTheOptionAndTheValueGiven() throws IOException {
        Path t = Files.writeString(dir.resolve("t.xml"),
                "<root BTCPP_format=\"4\"><BehaviorTree ID=\"M\"><AlwaysSuccess/></BehaviorTree></root>");
        assertThat(oneLineError(ValidateCommandTest.run("bench", "tree", "--rounds", "0", t.toString())))
                .isEqualTo("canopy bench tree: --rounds 0 is out of range; give 1 or more");
        assertThat(oneLineError(ValidateCommandTest.run("sim", "--duration", "-1")))
                .isEqualTo("canopy: --duration -1: not a duration; write for example 500ms, 5s, 2m, 1h or a plain number of seconds");
    }

    /**
     * 10,000 nested elements in a tree, an SCXML document and a launch file (issue #14): each is one line naming
     * file:line:column and the element, exit 2, no StackOverflowError trace.
     */
    @Test
    void deepNestingIsOneLinePerFileNotAStackOverflow() throws IOException {
        int n = 10_000;
        Path tree = Files.writeString(dir.resolve("deep.xml"), "<root BTCPP_format=\"4\" main_tree_to_execute=\"M\"><BehaviorTree ID=\"M\">"
                + "<Sequence>".repeat(n) + "<AlwaysSuccess/>" + "</Sequence>".repeat(n) + "</BehaviorTree></root>");
        StringBuilder states = new StringBuilder();
        for (int i = 0; i < n; i++) {
            states.append("<state id=\"s").append(i).append("\">");
        }
        Path scxml = Files.writeString(dir.resolve("deep.scxml"), "<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\">"
                + states + "</state>".repeat(n) + "</scxml>");
        Path launch = Files.writeString(dir.resolve("deep.launch.xml"), "<launch>" + "<group>".repeat(n) + "</group>".repeat(n) + "</launch>");
        for (Path f : new Path[] {tree, scxml, launch}) {
            Object[] r = ValidateCommandTest.run("validate", f.toString());
            String err = ((String) r[2]).strip();
            assertThat(r[0]).as("exit code for %s: %s", f, err).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
            assertThat(err).doesNotContain("StackOverflowError", "\tat ").startsWith(f + ":1:")
                    .contains("is nested 257 elements deep; Canopy reads at most 256 levels");
            assertThat(err.lines().filter(l -> !l.endsWith("file(s) have errors"))).hasSize(1);
        }
    }
}

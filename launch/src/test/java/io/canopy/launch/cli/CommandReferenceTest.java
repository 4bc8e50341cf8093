package io.canopy.launch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** docs/commands.md is what {@code canopy help --markdown} prints: it cannot go stale. */
class CommandReferenceTest {
    private static final Path DOC = Path.of("..", "docs", "commands.md");

    private static String markdown() {
        var cl = CanopyMain.commandLine();
        StringWriter out = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        assertThat(cl.execute("help", "--markdown")).isEqualTo(0);
        return out.toString();
    }

    @Test
    void docsCommandsMdIsTheGeneratedReference() throws Exception {
        String generated = markdown();
        String onDisk = Files.readString(DOC, StandardCharsets.UTF_8);
        assertThat(onDisk)
                .as("docs/commands.md is stale; regenerate it with: bin/canopy help --markdown > docs/commands.md")
                .isEqualTo(generated);
    }

    @Test
    void theReferenceHasEveryCommandAndSubcommandWithItsHelp() {
        String md = markdown();
        for (String c : new String[] {"canopy run", "canopy validate", "canopy topic list", "canopy topic echo",
            "canopy topic hz", "canopy topic bw", "canopy topic info", "canopy node list", "canopy node info", "canopy call",
            "canopy help"}) {
            assertThat(md).contains("\n## " + c + "\n");
        }
        assertThat(md).contains("- [`canopy topic hz`](#canopy-topic-hz)").contains("--show-args").doesNotContain("\u001b[");
    }

    @Test
    void helpOfASubcommandAndAnUnknownOne() {
        var cl = CanopyMain.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        assertThat(cl.execute("help", "topic", "hz")).isEqualTo(0);
        assertThat(out.toString()).contains("Usage: canopy topic hz").contains("Example: canopy topic hz");
        assertThat(cl.execute("help", "topc")).isEqualTo(CanopyMain.EXIT_BAD_INPUT);
        assertThat(err.toString()).contains("unknown command 'topc' (did you mean 'topic'?)");
    }

    @Test
    void everyNewCommandsHelpHasAnExampleAndItsExitCodes() {
        var root = CanopyMain.commandLine();
        for (String[] path : new String[][] {{"topic", "list"}, {"topic", "info"}, {"topic", "echo"}, {"topic", "hz"},
            {"topic", "bw"}, {"node", "list"}, {"node", "info"}, {"call"}}) {
            var c = root;
            for (String p : path) {
                c = c.getSubcommands().get(p);
            }
            String usage = c.getUsageMessage(picocli.CommandLine.Help.Ansi.OFF);
            assertThat(usage).as(String.join(" ", path)).containsPattern("Examples?: canopy ").contains("Exit codes: 0");
        }
    }

    /** Issue #35 item 9: the command list showed each description's first line, cut mid-sentence. */
    @Test
    void theCommandListSaysWholeSentences() {
        var cl = CanopyMain.commandLine();
        StringWriter out = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        assertThat(cl.execute("help")).isEqualTo(0);
        String list = out.toString().substring(out.toString().indexOf("Commands:")).replaceAll("\\s+", " ");
        assertThat(list).contains("run Run the node(s) of a launch file until SIGINT/SIGTERM (or --duration), then shut "
                + "down cleanly.", "help Print the usage of a command (canopy help topic echo), or with --markdown the "
                + "reference of every command (regenerate the docs with: canopy help --markdown > docs/commands.md).")
                .doesNotContain("cleanly: ", "the reference of every validate");
        assertThat(markdown()).contains("- [`canopy run`](#canopy-run): Run the node(s) of a launch file until "
                + "SIGINT/SIGTERM (or --duration), then shut down cleanly.\n");
    }

    @Test
    void aSummaryIsTheFirstSentenceCutAtItsListWhenLong() {
        var spec = picocli.CommandLine.Model.CommandSpec.create();
        spec.usageMessage().description("Short: and sweet.", "More.");
        assertThat(CommandReference.summary(spec)).isEqualTo("Short: and sweet.");
        spec.usageMessage().description("A sentence that goes on (with: a colon in parentheses) over two lines of the",
                "description; then its details, one after another, for a long while.", "Exit codes: 0.");
        assertThat(CommandReference.summary(spec)).isEqualTo("A sentence that goes on (with: a colon in parentheses) "
                + "over two lines of the description.");
        spec.usageMessage().description("No full stop at all");
        assertThat(CommandReference.summary(spec)).isEqualTo("No full stop at all");
    }
}

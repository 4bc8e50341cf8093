package io.canopy.launch.cli;

import io.canopy.Names;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code canopy help [COMMAND...]} prints a command's usage, as picocli's help command does;
 * {@code canopy help --markdown} prints the reference of every command ({@code docs/commands.md} is this output,
 * and a test fails when it is stale).
 */
@Command(name = "help", helpCommand = true,
        description = {"Print the usage of a command (canopy help topic echo), or with --markdown the reference of every",
            "command (regenerate the docs with: canopy help --markdown > docs/commands.md).",
            "Exit codes: 0 printed, 2 unknown command."})
final class HelpCommand implements CommandLine.IHelpCommandInitializable2, Runnable {
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    boolean helpRequested;

    @Option(names = "--markdown", description = "Print the reference of every command as Markdown.")
    boolean markdown;

    @Parameters(paramLabel = "COMMAND", arity = "0..*", description = "The command (and subcommand) to describe.")
    List<String> commands = List.of();

    private CommandLine self;
    private PrintWriter out;
    private Help.ColorScheme colors;

    @Override
    public void init(CommandLine helpCommandLine, Help.ColorScheme colorScheme, PrintWriter out, PrintWriter err) {
        this.self = helpCommandLine;
        this.colors = colorScheme;
        this.out = out;
    }

    @Override
    public void run() {
        CommandLine root = self.getParent();
        if (markdown) {
            out.print(CommandReference.markdown(root));
            out.flush();
            return;
        }
        CommandLine target = root;
        for (String name : commands) {
            CommandLine sub = target.getSubcommands().get(name);
            if (sub == null) {
                throw new CommandLine.ParameterException(self, "unknown command '" + name + "'"
                        + Names.suggestion(name, target.getSubcommands().keySet()) + "; the commands are "
                        + String.join(", ", target.getSubcommands().keySet()));
            }
            target = sub;
        }
        CommandReference.withSummaries(target).usage(out, colors);
        out.flush();
    }

    /** Unused: picocli calls the PrintWriter variant. */
    public void init(CommandLine helpCommandLine, Help.Ansi ansi, PrintStream out, PrintStream err) {
        init(helpCommandLine, Help.defaultColorScheme(ansi), new PrintWriter(out, true), new PrintWriter(err, true));
    }
}

package io.canopy.launch.cli;

import io.canopy.InputException;
import io.canopy.hardware.posix.SupportedPlatform;
import io.canopy.launch.cli.bench.BenchCommand;
import io.canopy.launch.cli.topic.BagCommand;
import io.canopy.launch.cli.topic.CallCommand;
import io.canopy.launch.cli.topic.EchoCommand;
import io.canopy.launch.cli.topic.GraphCommand;
import io.canopy.launch.cli.topic.PubCommand;
import io.canopy.launch.cli.topic.TopicCommand;
import io.canopy.launch.cli.tree.BtlogCommand;
import io.canopy.launch.cli.tree.NodesCommand;
import io.canopy.launch.cli.tree.ScxmlCommand;
import io.canopy.launch.cli.tree.ScxmlTestCommand;
import io.canopy.launch.cli.tree.TreeCommand;
import io.canopy.launch.cli.tree.TreeTestCommand;
import io.canopy.launch.cli.tree.TreeUpgradeCommand;
import io.canopy.launch.logging.JournalStream;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * The {@code canopy} command. Exit codes: 0 done, 1 a test or check failed, 2 bad input (an invalid or missing file
 * anywhere, an unknown command or option, a refused broker login; one line on stderr, no stack trace unless
 * {@code --debug}).
 */
@Command(
        name = "canopy",
        mixinStandardHelpOptions = true,
        version = "canopy 0.1.0",
        description = "Robot-controller node: behavior trees, state machines, serial and MQTT on a real-time ticker.",
        subcommands = {
            RunCommand.class,
            DeployCommand.class,
            BagCommand.class,
            ReplayCommand.class,
            ValidateCommand.class,
            NodesCommand.class,
            TreeTestCommand.class,
            ScxmlTestCommand.class,
            ScxmlCommand.class,
            BtlogCommand.class,
            TreeUpgradeCommand.class,
            TreeCommand.class,
            SimCommand.class,
            EchoCommand.class, TopicCommand.class, NodeCommand.class, CallCommand.class,
            MonitorCommand.class,
            PubCommand.class,
            GraphCommand.class,
            BenchCommand.class,
            FleetCommand.class,
            HelpCommand.class
        })
public final class CanopyMain {
    public static final int EXIT_OK = 0;
    public static final int EXIT_FAILED = 1;
    public static final int EXIT_BAD_INPUT = 2;

    @Option(names = "--debug", scope = CommandLine.ScopeType.INHERIT, description = "Print stack traces of errors.")
    static boolean debug;

    public static void main(String[] args) {
        String unsupported = SupportedPlatform.refusal(System.getProperty("os.name"), System.getProperty("os.arch"),
                CanopyMain.class.getClassLoader());
        if (unsupported != null) {
            System.err.println(unsupported);
            System.exit(EXIT_FAILED);
        }
        System.exit(execute(args));
    }

    /** Runs the command line and returns the exit code (tests call this instead of main). */
    public static int execute(String... args) {
        // `canopy run` is how a robot starts: build only its command (picocli inspects every subcommand's
        // annotations by reflection when the whole tree is built, about a tenth of a second before the first tick)
        CommandLine cl = args.length > 0 && args[0].equals("run") ? configure(new CommandLine(new RunOnly())) : commandLine();
        if (JournalStream.active()) {
            cl.setErr(JournalStream.prefixed(cl.getErr(), "<3>")); // an error line in the journal
        }
        try {
            return cl.execute(args);
        } catch (StackOverflowError e) {
            // picocli hands only Exceptions to handleError; a JVM trace must never reach the user without --debug
            cl.getErr().println("canopy: the input is nested too deeply to process (the JVM's stack ran out); flatten"
                    + " it, or run java with a larger -Xss" + (debug ? "" : " (run with --debug for the stack trace)"));
            if (debug) {
                e.printStackTrace(cl.getErr());
            }
            cl.getErr().flush();
            return EXIT_BAD_INPUT;
        }
    }

    public static CommandLine commandLine() {
        return configure(new CommandLine(new CanopyMain()));
    }

    /**
     * The root {@code canopy} with only {@code run} under it: the same name, version, {@code --debug} and error
     * handling as {@link CanopyMain}, for the start of a node. {@code canopy --help} lists every command.
     */
    @Command(name = "canopy", mixinStandardHelpOptions = true, version = "canopy 0.1.0",
            description = "Robot-controller node: behavior trees, state machines, serial and MQTT on a real-time ticker.",
            subcommands = RunCommand.class)
    static final class RunOnly {
        @Option(names = "--debug", scope = CommandLine.ScopeType.INHERIT, description = "Print stack traces of errors.")
        void debug(boolean on) {
            debug = on;
        }
    }

    private static CommandLine configure(CommandLine cl) {
        CommandReference.withSummaries(cl);
        cl.setExecutionExceptionHandler(CanopyMain::handleError);
        return ArgumentErrors.install(cl); // did-you-mean for options/commands, --arg NAME VALUE, unknown command before --help
    }

    private static int handleError(Exception ex, CommandLine cl, CommandLine.ParseResult parseResult) {
        PrintWriter err = cl.getErr();
        boolean input = ex instanceof InputException;
        String message = ex.getMessage() == null ? ex.getClass().getName() : ex.getMessage();
        // messages that already name the command ("canopy bench ticker: ...") are not prefixed twice
        boolean named = input && (message.startsWith("canopy ") || message.startsWith("canopy:"));
        err.println((named ? "" : "canopy: ") + (input ? "" : "internal error: ") + message);
        if (debug || !input) {
            if (debug) {
                ex.printStackTrace(err);
            } else {
                err.println("(run with --debug for the stack trace)");
            }
        }
        err.flush();
        return input ? EXIT_BAD_INPUT : EXIT_FAILED;
    }
}

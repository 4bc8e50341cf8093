package io.canopy.launch.cli;

import io.canopy.Names;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Command-line mistakes as one line with a fix, the way launch-file mistakes are reported: a misspelt option or
 * command gets a did-you-mean ({@link Names}), {@code --arg robot robot2} says to write {@code --arg robot=robot2},
 * and {@code --help} after an unknown command is an error (exit 2), not the top-level help.
 */
public final class ArgumentErrors {
    private ArgumentErrors() {}

    /** Installs the parameter-error handler and the strategy that refuses help after unknown words. */
    public static CommandLine install(CommandLine cl) {
        cl.setParameterExceptionHandler(ArgumentErrors::handle);
        cl.setExecutionStrategy(ArgumentErrors::execute);
        return cl;
    }

    static int handle(ParameterException ex, String[] args) {
        CommandLine cl = ex.getCommandLine();
        PrintWriter err = cl.getErr();
        err.println("canopy: " + message(ex, args) + " (see '" + cl.getCommandSpec().qualifiedName() + " --help')");
        err.flush();
        return CanopyMain.EXIT_BAD_INPUT;
    }

    /**
     * Picocli parses on when help is asked for and leaves the words it could not match aside; those words are the
     * user's real mistake ({@code canopy dynamixel --help}), so they fail before any help is printed.
     */
    private static int execute(ParseResult parsed) {
        for (ParseResult p = parsed; p != null; p = p.subcommand()) {
            if (!p.unmatched().isEmpty()) {
                throw new UnmatchedArgumentException(p.commandSpec().commandLine(), p.unmatched());
            }
        }
        return new CommandLine.RunLast().execute(parsed);
    }

    /** The message without the "canopy: " prefix and the help pointer. */
    static String message(ParameterException ex, String[] args) {
        if (!(ex instanceof UnmatchedArgumentException u) || u.getUnmatched().isEmpty()) {
            return ex.getMessage();
        }
        CommandSpec spec = ex.getCommandLine().getCommandSpec();
        List<String> unmatched = u.getUnmatched();
        String split = splitValue(spec, unmatched.get(0), args);
        if (split != null) {
            return split;
        }
        List<String> parts = new ArrayList<>();
        boolean afterOption = false;
        for (String word : unmatched) {
            if (word.startsWith("-") && word.length() > 1 && !isNumber(word)) {
                String name = word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
                parts.add("unknown option '" + name + "'" + didYouMean(name, optionNames(spec)));
                afterOption = true;
            } else if (parts.isEmpty() && !spec.subcommands().isEmpty() && spec.positionalParameters().isEmpty()) {
                parts.add("unknown command '" + word + "'" + didYouMean(word, commandNames(spec)));
                break; // what follows an unknown command belongs to it
            } else if (!afterOption) {
                parts.add("unexpected argument '" + word + "'");
            } // else: the value the user meant for the unknown option before it
        }
        return String.join("; ", parts);
    }

    /**
     * {@code --arg robot robot2}: the option took {@code robot} as its whole value and left {@code robot2} over.
     * For an option whose value is written {@code NAME=VALUE}, says how to write it; else null.
     */
    private static String splitValue(CommandSpec spec, String leftOver, String[] args) {
        for (int i = 2; i < args.length; i++) {
            if (!args[i].equals(leftOver) || args[i - 1].contains("=")) {
                continue;
            }
            OptionSpec option = spec.findOption(args[i - 2]);
            if (option != null && option.paramLabel().contains("=")) {
                return "write " + args[i - 2] + " " + args[i - 1] + "=" + leftOver + " (" + args[i - 2] + " takes one "
                        + option.paramLabel() + " word, not two words)";
            }
        }
        return null;
    }

    private static String didYouMean(String wrong, List<String> candidates) {
        List<String> near = Names.near(wrong, candidates, 1);
        return near.isEmpty() ? "" : "; did you mean '" + near.get(0) + "'?";
    }

    private static List<String> optionNames(CommandSpec spec) {
        List<String> names = new ArrayList<>();
        for (OptionSpec o : spec.options()) {
            if (!o.hidden()) {
                names.addAll(List.of(o.names()));
            }
        }
        return names;
    }

    private static List<String> commandNames(CommandSpec spec) {
        List<String> names = new ArrayList<>();
        for (Map.Entry<String, CommandLine> e : spec.subcommands().entrySet()) {
            if (!e.getValue().getCommandSpec().usageMessage().hidden()) {
                names.add(e.getKey());
            }
        }
        return names;
    }

    private static boolean isNumber(String word) {
        return word.matches("-[0-9.]+");
    }
}

package io.canopy.launch.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Help;
import picocli.CommandLine;

/**
 * The reference of every {@code canopy} command in Markdown, generated from picocli's own usage text (so it
 * says exactly what {@code --help} says): a list of the commands, then one section per command and
 * subcommand with its usage in a code block. {@code docs/commands.md} is this text.
 */
final class CommandReference {
    /** The usage width of the reference (fixed, so the text does not depend on the terminal). */
    static final int WIDTH = 110;

    private CommandReference() {}

    static String markdown(CommandLine root) {
        List<CommandLine> all = new ArrayList<>();
        collect(root, all);
        StringBuilder b = new StringBuilder();
        b.append("# Command reference\n\n");
        b.append("Generated from the command line itself by `canopy help --markdown > docs/commands.md`; a test fails\n"
                + "when this file and the commands disagree. Put `canopy` on your PATH once with `bin/canopy install`\n"
                + "(or run `bin/canopy` from the checkout). Exit codes everywhere: 0 done, 1 a check or test failed,\n"
                + "2 bad input (one line on stderr naming what and how to fix it).\n\n");
        for (CommandLine c : all) {
            String name = c.getCommandSpec().qualifiedName();
            String summary = summary(c.getCommandSpec());
            b.append("- [`").append(name).append("`](#").append(anchor(name)).append(")")
                    .append(summary.isEmpty() ? "" : ": " + summary).append('\n');
        }
        for (CommandLine c : all) {
            String name = c.getCommandSpec().qualifiedName();
            b.append("\n## ").append(name).append("\n\n```\n");
            StringWriter usage = new StringWriter();
            int width = c.getUsageHelpWidth();
            c.setUsageHelpWidth(WIDTH);
            c.usage(new PrintWriter(usage), Help.defaultColorScheme(Help.Ansi.OFF));
            c.setUsageHelpWidth(width);
            b.append(usage.toString().stripTrailing().replaceAll("[ \\t]+\n", "\n")).append("\n```\n");
        }
        return b.toString();
    }

    /**
     * Makes {@code cl}'s command lists (its own and every subcommand's) show each command's {@link #summary}
     * instead of picocli's first description line, which cuts a sentence that goes on over two lines.
     */
    static CommandLine withSummaries(CommandLine cl) {
        cl.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_COMMAND_LIST, CommandReference::commandList);
        for (CommandLine sub : cl.getSubcommands().values()) {
            if (sub.getCommandSpec().parent() == cl.getCommandSpec()) {
                withSummaries(sub);
            }
        }
        return cl;
    }

    private static String commandList(Help help) {
        if (help.subcommands().isEmpty()) {
            return "";
        }
        int width = help.commandSpec().usageMessage().width();
        int nameWidth = 2;
        for (String name : help.subcommands().keySet()) {
            nameWidth = Math.max(nameWidth, name.length() + 2);
        }
        nameWidth = Math.min(nameWidth, 24);
        Help.TextTable table = Help.TextTable.forColumns(help.colorScheme(),
                new Help.Column(nameWidth + 2, 2, Help.Column.Overflow.SPAN),
                new Help.Column(width - nameWidth - 2, 2, Help.Column.Overflow.WRAP));
        for (var e : help.subcommands().entrySet()) {
            if (!e.getValue().commandSpec().usageMessage().hidden()) {
                table.addRowValues(e.getKey(), summary(e.getValue().commandSpec()));
            }
        }
        return table.toString();
    }

    /**
     * What a command does in one sentence: its header if it has one, else the first sentence of its description
     * (which may run over several description lines); a long sentence is cut at its first ':' or ';' outside
     * parentheses, which is where its list of details starts.
     */
    static String summary(CommandLine.Model.CommandSpec spec) {
        String[] header = spec.usageMessage().header();
        String text = String.join(" ", header.length > 0 ? header : spec.usageMessage().description()).strip();
        int depth = 0;
        int cut = -1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth = Math.max(0, depth - 1);
            } else if (depth == 0 && c == '.' && (i + 1 == text.length() || text.charAt(i + 1) == ' ')) {
                return cut > 0 && i > SHORT ? text.substring(0, cut) + "." : text.substring(0, i + 1);
            } else if (depth == 0 && (c == ':' || c == ';') && cut < 0 && i + 1 < text.length()
                    && text.charAt(i + 1) == ' ') {
                cut = i;
            }
        }
        return cut > 0 && text.length() > SHORT ? text.substring(0, cut) + "." : text;
    }

    /** A first sentence longer than this is cut at its first ':' or ';'. */
    private static final int SHORT = 100;

    private static void collect(CommandLine c, List<CommandLine> out) {
        out.add(c);
        for (CommandLine sub : c.getSubcommands().values()) {
            if (!out.contains(sub) && sub.getCommandSpec().parent() == c.getCommandSpec()
                    && !sub.getCommandSpec().usageMessage().hidden()) {
                collect(sub, out);
            }
        }
    }

    /** GitHub's heading anchor: lower case, spaces to '-', punctuation dropped. */
    static String anchor(String heading) {
        return heading.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9 _-]", "").replace(' ', '-');
    }
}

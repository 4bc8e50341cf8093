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
            String summary = c.getCommandSpec().usageMessage().description().length == 0 ? ""
                    : c.getCommandSpec().usageMessage().description()[0];
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

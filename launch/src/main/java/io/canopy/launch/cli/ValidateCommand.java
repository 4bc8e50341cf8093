package io.canopy.launch.cli;

import io.canopy.InputException;
import io.canopy.launch.LaunchLoader;
import io.canopy.launch.cli.tree.ScxmlCommand;
import io.canopy.launch.cli.tree.TreeCheck;
import io.canopy.launch.read.FileCheck;
import io.canopy.statemachine.Statechart;
import io.canopy.statemachine.build.ScxmlLoader;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code canopy validate FILE...}: checks launch files (and the trees and machines they name), behavior-tree
 * XML and SCXML files without running anything. Prints {@code OK FILE} per good file on stdout and every
 * error as one line on stderr, every warning as one {@code warning: ...} line on stderr; exits 2 when any file has
 * an error (with {@code --strict}, warnings are errors).
 */
@Command(
        name = "validate",
        mixinStandardHelpOptions = true,
        description = {
            "Check launch, behavior-tree (BT.CPP v4 XML) and SCXML files without running anything.",
            "Prints 'OK FILE' for each good file and every error as 'file:line:column: <element>: ...'.",
            "An SCXML expression that is not valid ECMAScript loads (it raises error.execution when evaluated)",
            "and is reported on stderr as 'warning: file:line:column: <element> attribute=...: ...'.",
            "A tree written as BT.CPP's parser accepts it (a raw '<', '>' or '&&' in an attribute, text before <root>,",
            "a deprecated alias) loads with one 'warning: file:line:column: ...' line each, saying the strict spelling.",
            "A BT.CPP v3 tree loads converted in memory (one warning; 'canopy tree upgrade' makes it permanent).",
            "Exit codes: 0 all good (warnings allowed), 2 some file has errors (or warnings, with --strict)."
        })
final class ValidateCommand implements Callable<Integer> {
    /** The last line of a capped error list ("400 more error(s) not shown; fix these first"), which names no file. */
    private static final Pattern MORE = Pattern.compile("\\d+ more error\\(s\\) not shown.*");

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Files to check (*.launch.xml, tree *.xml, *.scxml).")
    List<Path> files = new ArrayList<>();

    @Option(names = "--arg", paramLabel = "NAME=VALUE", description = "Set a launch argument (repeatable).")
    List<String> args = new ArrayList<>();

    @Option(names = "--strict", description = "Treat warnings (an SCXML expression that loads but raises error.execution"
            + " when evaluated; BT.CPP's lenient syntax in a tree, such as a raw '<' in an attribute) as errors: exit 2.")
    boolean strict;

    @picocli.CommandLine.Mixin
    PaletteOptions palettes = new PaletteOptions();

    @Option(names = "--main", paramLabel = "ID", description = "Which <BehaviorTree> of a tree file is the main one.")
    String main;

    @Option(names = "--path", paramLabel = "DIR", description = "Folder searched for <include path> / ros_pkg files of trees and by $(find-pkg-share NAME) in launch files (repeatable).")
    List<Path> searchPath = new ArrayList<>();

    @picocli.CommandLine.Mixin
    PluginOptions plugins = new PluginOptions();

    @Option(names = "--verbose", description = "Also print notes (palette merges, ignored palette defaults).")
    boolean verbose;

    private boolean isTree(Path f) {
        try {
            return FileCheck.kindOf(f) == FileCheck.Kind.TREE;
        } catch (InputException e) {
            return false;
        }
    }

    /**
     * An SCXML document that FileCheck's name and root-name test misses: {@code <scxml:scxml
     * xmlns:scxml="http://www.w3.org/2005/07/scxml">} in a {@code .xml} file (Apache Commons SCXML's prefix-01.xml),
     * recognised by its namespace. (FileCheck.kindOf could ask ScxmlLoader.looksLikeScxml itself.)
     */
    private static boolean prefixedScxml(Path f) {
        try {
            FileCheck.kindOf(f);
            return false;
        } catch (InputException e) {
            return ScxmlLoader.looksLikeScxml(f);
        }
    }

    /** What FileCheck does for an SCXML document: every load error, and the warnings. */
    private static List<String> checkScxml(Path f, List<String> warnings) {
        List<String> errors = new ArrayList<>();
        try {
            warnings.addAll(ScxmlLoader.load(f).warnings());
        } catch (InputException e) {
            errors.add(e.getMessage());
        }
        return errors;
    }

    /** For an SCXML document, which datamodel engine runs it and why ({@code " (datamodel engine: ...)"}), else "". */
    private static String scxmlEngine(Path f) {
        try {
            if (!prefixedScxml(f) && FileCheck.kindOf(f) != FileCheck.Kind.SCXML) {
                return "";
            }
            Statechart chart = ScxmlLoader.load(f);
            return " (" + ScxmlCommand.engineLine(chart) + ")";
        } catch (InputException e) {
            return "";
        }
    }

    @Override
    public Integer call() {
        Map<String, String> argValues = new LinkedHashMap<>();
        for (String a : args) {
            Map.Entry<String, String> e = LaunchLoader.parseArg(a);
            argValues.put(e.getKey(), e.getValue());
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        int bad = 0;
        for (Path f : files) {
            List<String> warnings = new ArrayList<>();
            boolean tree = isTree(f);
            List<String> errors = tree
                    ? TreeCheck.check(f, main, searchPath, palettes.files, plugins, verbose, warnings)
                    : prefixedScxml(f) ? checkScxml(f, warnings)
                    : FileCheck.check(f, argValues, warnings, searchPath);
            if (!tree && (!palettes.files.isEmpty() || !plugins.jars.isEmpty())) {
                warnings.add(f + ": --palette and --plugin apply to tree files, not to this file; a launch file names its"
                        + " own in each <node> (<palette file=\"...\"/>, <plugin jar=\"...\"/>)");
            }
            if (strict) {
                warnings.forEach(w -> errors.add(w + " (an error with --strict)"));
            } else {
                warnings.forEach(w -> err.println("warning: " + w));
            }
            if (errors.isEmpty()) {
                out.println("OK " + f + scxmlEngine(f));
            } else {
                bad++;
                errors.forEach(e -> err.println(MORE.matcher(e).matches() ? f + ": " + e : e));
            }
        }
        out.flush();
        err.flush();
        if (bad > 0) {
            err.println(bad + " of " + files.size() + " file(s) have errors");
            err.flush();
            return CanopyMain.EXIT_BAD_INPUT;
        }
        return CanopyMain.EXIT_OK;
    }
}

package io.canopy.launch.cli.tree;

import io.canopy.bt.load.TextFile;
import io.canopy.bt.load.TreeUpgrade;
import io.canopy.launch.cli.CanopyMain;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code canopy tree-upgrade FILE}: rewrites a BehaviorTree.CPP v3 tree file to v4 (the renames of BT.CPP's
 * migration guide), prints one line per change on stderr and one {@code left: ...} line per construct it could
 * not convert; exit 0 when everything converted, 1 when something is left for a person. {@code canopy tree upgrade
 * FILE} ({@link TreeCommand.Upgrade}) is the same command under the name issue #15 and BT.CPP users expect.
 */
// hidden: listed once in help and docs/commands.md, as 'canopy tree upgrade' (TreeCommand.Upgrade); it still runs
@Command(name = "tree-upgrade", mixinStandardHelpOptions = true, hidden = true,
        description = {"Rewrite a BehaviorTree.CPP v3 tree file to v4 (BTCPP_format=\\\"4\\\", SequenceStar -> SequenceWithMemory,",
            "SubTreePlus -> SubTree, __shared_blackboard -> _autoremap, Parallel thresholds -> counts) and say what it could not convert.",
            "Writes FILE in place (the original is kept as FILE.v3); -o OUT writes a copy and leaves FILE alone; --stdout prints it.",
            "Lists where v4 runs the tree differently from v3 ('differs: ...'). 'canopy tree-upgrade FILE' is the same command.",
            "Canopy loads a v3 file without this (converted in memory, one warning); this makes the conversion permanent.",
            "Example: canopy tree upgrade --stdout old_tree.xml",
            "Example: canopy tree upgrade -o new_tree.xml old_tree.xml",
            "Exit codes: 0 everything converted, 1 something is left to convert by hand (listed as 'left: ...'), 2 bad input."})
public class TreeUpgradeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "A v3 tree .xml file.")
    Path file;

    @Option(names = "--stdout", description = "Print the v4 text instead of rewriting the file.")
    boolean stdout;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "Write the v4 text to OUT and leave FILE as it is"
            + " (for a file in a read-only checkout, or to diff first).")
    Path output;

    @Override
    public Integer call() {
        String text = TextFile.read(file, "a behavior-tree file (<root>)");
        TreeUpgrade.Result r = TreeUpgrade.upgrade(text, file.toString());
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (stdout && output != null) {
            err.println("canopy tree upgrade: give either -o OUT or --stdout, not both");
            err.flush();
            return CanopyMain.EXIT_BAD_INPUT;
        }
        if (stdout) {
            out.print(r.text());
        } else if (output != null) {
            try {
                Files.writeString(output, r.text());
            } catch (IOException e) {
                throw new UncheckedIOException(output + ": cannot write the upgraded file: " + e.getMessage(), e);
            }
        } else if (!r.changes().isEmpty()) {
            try {
                Files.writeString(Path.of(file + ".v3"), text);
                Files.writeString(file, r.text());
            } catch (IOException e) {
                throw new UncheckedIOException(file + ": cannot write the upgraded file: " + e.getMessage(), e);
            }
        }
        r.changes().forEach(err::println);
        r.unconverted().forEach(l -> err.println("left: " + l));
        r.differences().forEach(l -> err.println("differs: " + l));
        err.println(r.changes().size() + " change(s), " + r.unconverted().size() + " left to convert by hand");
        out.flush();
        err.flush();
        return r.unconverted().isEmpty() ? CanopyMain.EXIT_OK : CanopyMain.EXIT_FAILED;
    }
}

package io.canopy.launch.cli.tree;

import io.canopy.launch.cli.CanopyMain;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code canopy tree SUBCOMMAND}: tools for BehaviorTree.CPP tree files. {@code canopy tree upgrade FILE} is
 * {@code canopy tree-upgrade FILE} (same options, same implementation, same exit codes).
 */
@Command(name = "tree", mixinStandardHelpOptions = true,
        description = {"Tools for BehaviorTree.CPP tree files: 'canopy tree upgrade FILE' rewrites a v3 file to v4.",
            "Example: canopy tree upgrade old_tree.xml", "Exit codes: 0 done, 1 something left to convert by hand, 2 bad input."},
        subcommands = {TreeCommand.Upgrade.class})
public final class TreeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return CanopyMain.EXIT_OK;
    }

    /** {@code canopy tree upgrade FILE}: {@link TreeUpgradeCommand} under its BT.CPP-style name. */
    @Command(name = "upgrade", mixinStandardHelpOptions = true, hidden = false)
    static final class Upgrade extends TreeUpgradeCommand {}
}

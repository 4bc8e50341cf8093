package io.canopy.launch.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** Placeholder until its issue lands: says so and exits 2. */
@Command(name = "tree-test", mixinStandardHelpOptions = true, description = "Run behavior-tree scenario files.")
final class TreeTestCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("canopy tree-test: not available in this build yet");
        return CanopyMain.EXIT_BAD_INPUT;
    }
}

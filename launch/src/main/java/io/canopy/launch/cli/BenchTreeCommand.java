package io.canopy.launch.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** Placeholder until its issue lands: says so and exits 2. */
@Command(name = "tree", mixinStandardHelpOptions = true, description = "Measure behavior-tree tick cost.")
final class BenchTreeCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("canopy tree: not available in this build yet");
        return CanopyMain.EXIT_BAD_INPUT;
    }
}

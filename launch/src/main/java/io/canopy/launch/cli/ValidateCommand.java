package io.canopy.launch.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** Placeholder until its issue lands: says so and exits 2. */
@Command(name = "validate", mixinStandardHelpOptions = true, description = "Check tree, SCXML and launch files.")
final class ValidateCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("canopy validate: not available in this build yet");
        return CanopyMain.EXIT_BAD_INPUT;
    }
}

package io.canopy.launch.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** Placeholder until its issue lands: says so and exits 2. */
@Command(name = "scxml-test", mixinStandardHelpOptions = true, description = "Run SCXML tests on a virtual clock.")
final class ScxmlTestCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("canopy scxml-test: not available in this build yet");
        return CanopyMain.EXIT_BAD_INPUT;
    }
}

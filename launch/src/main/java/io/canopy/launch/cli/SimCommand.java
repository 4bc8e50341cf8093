package io.canopy.launch.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** Placeholder until its issue lands: says so and exits 2. */
@Command(name = "sim", mixinStandardHelpOptions = true, description = "Run the simulated robot base.")
final class SimCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("canopy sim: not available in this build yet");
        return CanopyMain.EXIT_BAD_INPUT;
    }
}

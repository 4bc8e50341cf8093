package io.canopy.launch.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** Placeholder until its issue lands: says so and exits 2. */
@Command(name = "run", mixinStandardHelpOptions = true, description = "Run a node from a launch file until SIGINT/SIGTERM.")
final class RunCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("canopy run: not available in this build yet");
        return CanopyMain.EXIT_BAD_INPUT;
    }
}

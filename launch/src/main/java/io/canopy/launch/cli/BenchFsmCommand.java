package io.canopy.launch.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** Placeholder until its issue lands: says so and exits 2. */
@Command(name = "fsm", mixinStandardHelpOptions = true, description = "Measure state-machine dispatch cost.")
final class BenchFsmCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("canopy fsm: not available in this build yet");
        return CanopyMain.EXIT_BAD_INPUT;
    }
}

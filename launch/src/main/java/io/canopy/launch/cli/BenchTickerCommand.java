package io.canopy.launch.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** Placeholder until its issue lands: says so and exits 2. */
@Command(name = "ticker", mixinStandardHelpOptions = true, description = "Measure ticker lateness.")
final class BenchTickerCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("canopy ticker: not available in this build yet");
        return CanopyMain.EXIT_BAD_INPUT;
    }
}

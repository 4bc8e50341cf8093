package io.canopy.launch.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** Placeholder until its issue lands: says so and exits 2. */
@Command(name = "serial", mixinStandardHelpOptions = true, description = "Measure serial link latency.")
final class BenchSerialCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("canopy serial: not available in this build yet");
        return CanopyMain.EXIT_BAD_INPUT;
    }
}

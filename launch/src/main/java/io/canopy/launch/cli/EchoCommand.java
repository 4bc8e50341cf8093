package io.canopy.launch.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** Placeholder until its issue lands: says so and exits 2. */
@Command(name = "echo", mixinStandardHelpOptions = true, description = "Print decoded messages from an MQTT topic.")
final class EchoCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("canopy echo: not available in this build yet");
        return CanopyMain.EXIT_BAD_INPUT;
    }
}

package io.canopy.launch.cli.topic;

import io.canopy.launch.cli.CanopyMain;
import io.canopy.launch.record.BagInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code canopy bag info FILE.mcap}: channels, message counts, duration and rates of a recording. */
@Command(name = "bag", mixinStandardHelpOptions = true, description = "Look into MCAP recordings (canopy run --record).",
        subcommands = BagCommand.Info.class)
public final class BagCommand {
    @Command(name = "info", mixinStandardHelpOptions = true,
            description = "Channels (topic, schema, count, rate), duration, attachments of an MCAP recording.")
    static final class Info implements Callable<Integer> {
        @Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Parameters(paramLabel = "FILE.mcap")
        Path file;

        @Override
        public Integer call() {
            if (!Files.isRegularFile(file)) {
                spec.commandLine().getErr().println("canopy: " + file + ": no such file; give a recording made with canopy run --record");
                return CanopyMain.EXIT_BAD_INPUT;
            }
            try {
                BagInfo.read(file).print(spec.commandLine().getOut());
                return CanopyMain.EXIT_OK;
            } catch (IOException | RuntimeException e) {
                spec.commandLine().getErr().println("canopy: " + file + ": " + e.getMessage());
                return CanopyMain.EXIT_BAD_INPUT;
            }
        }
    }
}

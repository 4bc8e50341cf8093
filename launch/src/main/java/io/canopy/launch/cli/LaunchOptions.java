package io.canopy.launch.cli;

import io.canopy.launch.LaunchArgs;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The launch-file options of {@code canopy run}: {@code --show-args} and {@code --path DIR}. */
final class LaunchOptions {
    @Option(names = "--show-args", description = "List the launch file's arguments (default, description) and exit.")
    boolean showArgs;

    @Option(names = "--path", paramLabel = "DIR",
            description = "Folder searched by $(find-pkg-share NAME) (repeatable; CANOPY_PATH adds more).")
    List<Path> searchPath = new ArrayList<>();

    /** With --show-args: prints the arguments of {@code file} and returns true (the command then exits 0). */
    boolean showArgs(Path file, PrintWriter out) {
        if (!showArgs) {
            return false;
        }
        out.print(LaunchArgs.describe(LaunchArgs.of(file)));
        out.flush();
        return true;
    }
}

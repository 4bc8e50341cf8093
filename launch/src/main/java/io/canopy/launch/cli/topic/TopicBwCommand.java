package io.canopy.launch.cli.topic;

import picocli.CommandLine.Command;

/** {@code canopy topic bw TOPIC}: Print the bandwidth a topic uses (payload bytes per second), like ros2 topic bw. */
@Command(name = "bw", mixinStandardHelpOptions = true,
        description = {"Print the bandwidth a topic uses (payload bytes per second), like ros2 topic bw.",
            "Reports every second over the last --window messages (retained ones are not counted).",
            "Example: canopy topic bw robot1/controller/odom --duration 5s",
            "Exit codes: 0 done, 1 fewer than two messages came, 2 bad input or broker not reachable."})
final class TopicBwCommand extends TopicWindowCommand {
    TopicBwCommand() {
        super("bw", TopicWindow::bandwidth);
    }
}

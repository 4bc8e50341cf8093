package io.canopy.launch.cli.topic;

import picocli.CommandLine.Command;

/** {@code canopy topic hz TOPIC}: Print the rate at which messages arrive on a topic, like ros2 topic hz. */
@Command(name = "hz", mixinStandardHelpOptions = true,
        description = {"Print the rate at which messages arrive on a topic, like ros2 topic hz.",
            "Reports every second over the last --window messages (retained ones are not counted).",
            "Example: canopy topic hz robot1/controller/timers --duration 5s",
            "Exit codes: 0 done, 1 fewer than two messages came, 2 bad input or broker not reachable."})
final class TopicHzCommand extends TopicWindowCommand {
    TopicHzCommand() {
        super("hz", TopicWindow::rate);
    }
}

package io.canopy.launch.cli.topic;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** {@code canopy topic list|info|echo|pub|hz|bw}: the broker's topics, in the spirit of {@code ros2 topic} (echo and pub are also top-level commands). */
@Command(name = "topic", mixinStandardHelpOptions = true,
        description = {"Inspect the topics on a broker, like ros2 topic.",
            "Example: canopy topic list   then   canopy topic hz robot1/controller/timers"},
        subcommands = {TopicListCommand.class, TopicInfoCommand.class, EchoCommand.class, PubCommand.class, TopicHzCommand.class,
            TopicBwCommand.class})
public final class TopicCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(spec.commandLine(), "say which: list, info, echo, pub, hz or bw");
    }
}

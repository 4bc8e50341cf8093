package io.canopy.launch.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code canopy topic hz TOPIC}: Print the rate at which messages arrive on a topic, like ros2 topic hz. */
@Command(name = "hz", mixinStandardHelpOptions = true,
        description = {"Print the rate at which messages arrive on a topic, like ros2 topic hz.",
            "Reports every second over the last --window messages (retained ones are not counted).",
            "Example: canopy topic hz robot1/controller/timers --duration 5s",
            "Exit codes: 0 done, 1 fewer than two messages came, 2 bad input or broker not reachable."})
final class TopicHzCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    BrokerOptions brokerOptions;

    @Parameters(index = "0", paramLabel = "TOPIC", description = "The topic (or a filter such as robot1/+/odom).")
    String topic;

    @Option(names = "--window", paramLabel = "N", defaultValue = "100",
            description = "Messages the figures are computed over (default: ${DEFAULT-VALUE}).")
    int window;

    @Option(names = "--duration", paramLabel = "TIME", defaultValue = "0",
            description = "Exit after this long (500ms, 5s, 2m); 0 = until Ctrl-C.")
    String duration;

    @Override
    public Integer call() throws InterruptedException {
        long ns = OptionCheck.durationNs("--duration", duration, false);
        return TopicWindow.watch(spec.commandLine().getOut(), spec.commandLine().getErr(), brokerOptions, "hz", topic,
                window, ns, TopicWindow::rate);
    }
}

package io.canopy.launch.cli.topic;

import io.canopy.launch.cli.BrokerOptions;
import io.canopy.launch.cli.OptionCheck;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** What {@code canopy topic hz} and {@code bw} share: their arguments, and the {@link TopicWindow} loop they run. */
abstract class TopicWindowCommand implements Callable<Integer> {
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

    private final String what;
    private final Function<TopicWindow, String> report;

    TopicWindowCommand(String what, Function<TopicWindow, String> report) {
        this.what = what;
        this.report = report;
    }

    @Override
    public Integer call() throws InterruptedException {
        long ns = OptionCheck.durationNs("--duration", duration, false);
        return TopicWindow.watch(spec.commandLine().getOut(), spec.commandLine().getErr(), brokerOptions, what, topic,
                window, ns, report);
    }
}

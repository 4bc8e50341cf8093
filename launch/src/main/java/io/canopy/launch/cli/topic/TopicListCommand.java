package io.canopy.launch.cli.topic;

import io.canopy.launch.cli.BrokerOptions;
import io.canopy.launch.cli.CanopyMain;
import io.canopy.launch.cli.OptionCheck;
import io.canopy.messaging.MqttNode;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code canopy topic list}: every topic seen on the broker or declared by a node, with its message type. */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = {"List the topics seen on the broker within --wait, and those the nodes declare in their",
            "retained type registry (<node>/info), one per line with the message type:",
            "  robot1/controller/timers [TimerStats]",
            "Example: canopy topic list --broker tcp://127.0.0.1:1883",
            "Exit codes: 0 listed, 2 bad input or broker not reachable."})
final class TopicListCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    BrokerOptions brokerOptions;

    @Option(names = "--wait", paramLabel = "TIME", defaultValue = "1s",
            description = "How long to listen for topics (default: ${DEFAULT-VALUE}); retained ones come at once.")
    String wait;

    @Option(names = {"-t", "--no-types"}, description = "Print the topics only.")
    boolean noTypes;

    @Override
    public Integer call() throws InterruptedException {
        long waitNs = OptionCheck.durationNs("--wait", wait, true);
        GraphSnapshot g;
        try (MqttNode client = brokerOptions.connect("topic")) {
            g = GraphSnapshot.take(client, waitNs);
        }
        PrintWriter out = spec.commandLine().getOut();
        for (Map.Entry<String, String> e : g.topics().entrySet()) {
            out.println(noTypes ? e.getKey() : e.getKey() + " [" + e.getValue() + "]");
        }
        out.flush();
        return CanopyMain.EXIT_OK;
    }
}

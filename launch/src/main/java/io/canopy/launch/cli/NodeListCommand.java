package io.canopy.launch.cli;

import io.canopy.launch.cli.topic.GraphSnapshot;
import io.canopy.messaging.MqttNode;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code canopy node list}: every node that announced itself on the broker, online or offline. */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = {"List the nodes known to the broker, one per line: NAME online|offline (their retained state;",
            "offline comes from the node's shutdown or, when it died, its Last Will).",
            "Example: canopy node list --broker tcp://127.0.0.1:1883",
            "Exit codes: 0 listed, 2 bad input or broker not reachable."})
final class NodeListCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    BrokerOptions brokerOptions;

    @Option(names = "--wait", paramLabel = "TIME", defaultValue = "500ms",
            description = "How long to wait for the retained states (default: ${DEFAULT-VALUE}).")
    String wait;

    @Option(names = "--online", description = "Only the nodes that are online.")
    boolean onlineOnly;

    @Override
    public Integer call() throws InterruptedException {
        long waitNs = OptionCheck.durationNs("--wait", wait, true);
        GraphSnapshot g;
        try (MqttNode client = brokerOptions.connect("node")) {
            g = GraphSnapshot.take(client, waitNs);
        }
        PrintWriter out = spec.commandLine().getOut();
        for (GraphSnapshot.NodeEntry n : g.nodes.values()) {
            if (!onlineOnly || n.state().equals("online")) {
                out.println(n.path() + " " + n.state());
            }
        }
        out.flush();
        return CanopyMain.EXIT_OK;
    }
}

package io.canopy.launch.cli.topic;

import com.google.protobuf.Struct;
import io.canopy.launch.cli.BrokerOptions;
import io.canopy.launch.cli.CanopyMain;
import io.canopy.launch.cli.OptionCheck;
import io.canopy.messaging.MqttNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code canopy topic info TOPIC}: its type, the nodes publishing it and those subscribed to it. */
@Command(name = "info", mixinStandardHelpOptions = true,
        description = {"Print a topic's message type, publishers and subscribers (from the nodes' type registry).",
            "Example: canopy topic info robot1/cmd/stop",
            "Exit codes: 0 found, 1 no node declares the topic and nothing was seen on it, 2 bad input."})
final class TopicInfoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    BrokerOptions brokerOptions;

    @Parameters(index = "0", paramLabel = "TOPIC", description = "The topic, e.g. robot1/controller/timers.")
    String topic;

    @Option(names = "--wait", paramLabel = "TIME", defaultValue = "1s",
            description = "How long to listen (default: ${DEFAULT-VALUE}).")
    String wait;

    @Override
    public Integer call() throws InterruptedException {
        String t = MqttNode.checkFilter(topic);
        long waitNs = OptionCheck.durationNs("--wait", wait, true);
        GraphSnapshot g;
        try (MqttNode client = brokerOptions.connect("topic")) {
            g = GraphSnapshot.take(client, waitNs);
        }
        List<String> pubs = new ArrayList<>();
        List<String> subs = new ArrayList<>();
        String type = g.topics().get(t);
        for (GraphSnapshot.NodeEntry n : g.nodes.values()) {
            for (Struct p : n.list("publishes")) {
                if (p.getFieldsOrThrow("topic").getStringValue().equals(t)) {
                    pubs.add(n.path() + " (" + n.state() + ")");
                }
            }
            for (Struct s : n.list("subscribes")) {
                String filter = s.getFieldsOrThrow("topic").getStringValue();
                if (GraphSnapshot.matches(filter, t)) {
                    subs.add(n.path() + " (" + n.state() + ", expects " + s.getFieldsOrThrow("type").getStringValue()
                            + (filter.equals(t) ? "" : ", via " + filter) + ")");
                    if (type == null) {
                        type = s.getFieldsOrThrow("type").getStringValue();
                    }
                }
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (type == null) {
            err.println("canopy topic info: no node declares '" + t + "' and nothing was published on it within " + wait
                    + "; see the topics with: canopy topic list");
            err.flush();
            return CanopyMain.EXIT_FAILED;
        }
        out.println("Topic: " + t);
        out.println("Type: " + type);
        out.println("Publisher count: " + pubs.size());
        pubs.forEach(p -> out.println("  " + p));
        out.println("Subscription count: " + subs.size());
        subs.forEach(s -> out.println("  " + s));
        out.flush();
        return CanopyMain.EXIT_OK;
    }
}

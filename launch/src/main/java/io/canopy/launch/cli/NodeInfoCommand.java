package io.canopy.launch.cli;

import com.google.protobuf.Struct;
import com.google.protobuf.Value;
import io.canopy.Names;
import io.canopy.launch.cli.topic.GraphSnapshot;
import io.canopy.messaging.MqttNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code canopy node info NAME}: a node's state, timers, trees, machines, links, topics and services. */
@Command(name = "info", mixinStandardHelpOptions = true,
        description = {"Print what a node runs and where it talks: state, timers, trees, machines, links, the topics",
            "it publishes and subscribes to with their types, and its services.",
            "Example: canopy node info robot1/controller",
            "Exit codes: 0 found, 1 no such node on the broker, 2 bad input or broker not reachable."})
final class NodeInfoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    BrokerOptions brokerOptions;

    @Parameters(index = "0", paramLabel = "NAME", description = "The node's full name, e.g. robot1/controller.")
    String name;

    @Option(names = "--wait", paramLabel = "TIME", defaultValue = "500ms",
            description = "How long to wait for the retained entries (default: ${DEFAULT-VALUE}).")
    String wait;

    @Override
    public Integer call() throws InterruptedException {
        long waitNs = OptionCheck.durationNs("--wait", wait, true);
        String path = name.startsWith("/") ? name.substring(1) : name;
        GraphSnapshot g;
        try (MqttNode client = brokerOptions.connect("node")) {
            g = GraphSnapshot.take(client, waitNs);
        }
        PrintWriter out = spec.commandLine().getOut();
        GraphSnapshot.NodeEntry n = g.nodes.get(path);
        if (n == null) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("canopy node info: no node '" + path + "' on " + brokerOptions.broker
                    + Names.suggestion(path, g.nodes.keySet()) + "; the nodes are: "
                    + (g.nodes.isEmpty() ? "(none)" : String.join(", ", g.nodes.keySet())));
            err.flush();
            return CanopyMain.EXIT_FAILED;
        }
        out.println(n.path());
        out.println("  State: " + n.state());
        if (n.info() == null) {
            out.println("  (no type registry: the node publishes no " + n.path() + "/info)");
        } else {
            Map<String, Value> f = n.info().getFieldsMap();
            if (f.containsKey("pid")) {
                out.println("  Process: " + (long) f.get("pid").getNumberValue() + ", broker " + f.get("broker").getStringValue());
            }
            section(out, "Timers", n.list("timers"), "name", "hz");
            section(out, "Trees", n.list("trees"), "name", "file", "timer", "active_in", "version", "label", "since");
            section(out, "Machines", n.list("machines"), "name", "file", "timer");
            section(out, "Links", n.list("links"), "name", "port");
            section(out, "Publishers", n.list("publishes"), "topic", "type");
            section(out, "Subscribers", n.list("subscribes"), "topic", "type");
            section(out, "Services", n.list("services"), "topic", "request", "response");
        }
        out.flush();
        return CanopyMain.EXIT_OK;
    }

    private static void section(PrintWriter out, String title, List<Struct> items, String... keys) {
        out.println("  " + title + ":" + (items.isEmpty() ? " (none)" : ""));
        for (Struct s : items) {
            List<String> parts = new ArrayList<>();
            for (String k : keys) {
                Value v = s.getFieldsOrDefault(k, Value.getDefaultInstance());
                String text = v.hasNumberValue() ? number(v.getNumberValue()) : v.getStringValue();
                if (!text.isEmpty()) {
                    parts.add(k.equals(keys[0]) ? text : k + "=" + text);
                }
            }
            out.println("    " + String.join(" ", parts));
        }
    }

    private static String number(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
    }
}

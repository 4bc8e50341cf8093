package io.canopy.launch.read;

import io.canopy.bt.load.TreeOutline;
import io.canopy.launch.LaunchLoader;
import io.canopy.launch.plan.BindPlan;
import io.canopy.launch.plan.Endpoint;
import io.canopy.launch.plan.MqttPlan;
import io.canopy.launch.plan.RemotePlan;
import io.canopy.launch.plan.TimerPlan;
import io.canopy.launch.plan.TreePlan;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The load-time check of a node with {@code <mqtt broker="none"/>}: one error for each thing of the node that needs
 * MQTT (mqtt: bindings, remote actions, the telemetry timer, {@code <status>}, fleet claims in its trees), all at once,
 * each naming its place and how to fix it.
 */
final class WithoutMqtt {
    /** The tree nodes that need the node's MQTT connection (fleet claims). */
    static final List<String> MQTT_LEAVES = List.of("Claim", "Release");

    private final List<String> errors = new ArrayList<>();
    private final String off;
    private final String fix = "; remove broker=\"none\" (the default is the embedded broker)";
    private final MqttPlan mqtt;

    private WithoutMqtt(MqttPlan mqtt) {
        this.mqtt = mqtt;
        this.off = "; this node has no MQTT (<mqtt broker=\"none\"/> at line " + mqtt.source().line() + ")";
    }

    /** The errors of a node whose {@code mqtt} is off; {@code status} are its enabled {@code <status>} elements. */
    static List<String> refusals(MqttPlan mqtt, List<BindPlan> binds, List<RemotePlan> remotes, List<TimerPlan> timers,
            List<XmlElement> status, List<TreePlan> trees) {
        WithoutMqtt w = new WithoutMqtt(mqtt);
        for (BindPlan b : binds) {
            for (Endpoint end : new Endpoint[] {b.from(), b.to()}) {
                if (end instanceof Endpoint.Mqtt m) {
                    w.errors.add(b.source() + ": " + (end == b.from() ? "from" : "to") + "=\"" + m.text() + "\" needs MQTT"
                            + w.off + "; remove this <bind>" + w.fix);
                }
            }
        }
        for (RemotePlan rp : remotes) {
            w.errors.add(rp.source() + ": remote action '" + rp.type() + "' runs on workers over MQTT" + w.off
                    + "; remove this <remote>" + w.fix);
        }
        for (TimerPlan t : timers) {
            if (t.name().equals("telemetry")) {
                w.errors.add(t.source() + ": a timer named 'telemetry' publishes the node's telemetry on MQTT" + w.off
                        + "; rename or remove the timer" + w.fix);
            }
        }
        for (XmlElement c : status) {
            w.errors.add(c.where() + ": <status> sets the rate of the status on MQTT" + w.off + "; remove it" + w.fix);
        }
        trees.forEach(w::leaves);
        return w.errors;
    }

    /** The Claim/Release nodes of a tree file (and its includes), each an error naming file:line:column. */
    private void leaves(TreePlan t) {
        TreeOutline outline;
        try {
            outline = TreeOutline.read(t.file(), t.main(), List.of());
        } catch (RuntimeException e) {
            return; // the tree's own errors are reported when it loads (and a Claim there fails the run: NodeRuntime)
        }
        String why = off.replace("line ", mqtt.source().file() + ":") + "; remove it from the tree" + fix;
        outline.trees().values().forEach(root -> leaves(root, t, why));
    }

    private void leaves(TreeOutline.Element el, TreePlan t, String why) {
        String type = MQTT_LEAVES.contains(el.name()) ? el.name() : el.attributes().getOrDefault("ID", "");
        if (MQTT_LEAVES.contains(type)) {
            errors.add(LaunchLoader.display(Path.of(el.file()).toAbsolutePath().normalize()) + ":" + el.line() + ":"
                    + el.column() + ": <" + el.name() + ">: " + type + " claims a resource over MQTT" + why + " (named by "
                    + t.source() + ")");
        }
        el.children().forEach(c -> leaves(c, t, why));
    }
}

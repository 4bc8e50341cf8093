package io.canopy.launch.report;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.ListValue;
import com.google.protobuf.Struct;
import com.google.protobuf.Value;
import com.google.protobuf.util.JsonFormat;
import io.canopy.launch.plan.BindPlan;
import io.canopy.launch.plan.Endpoint;
import io.canopy.launch.plan.MachinePlan;
import io.canopy.launch.plan.NodePlan;
import io.canopy.launch.plan.SerialPlan;
import io.canopy.launch.plan.TimerPlan;
import io.canopy.launch.plan.TreePlan;
import io.canopy.launch.run.Mqtt;
import io.canopy.launch.run.NodeView;
import io.canopy.messaging.MqttNode;
import io.canopy.messaging.Qos;
import io.canopy.proto.Event;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The node's entry in the graph that {@code canopy topic list} and {@code canopy node list/info} read: a
 * retained {@code Event} named {@value #EVENT} on {@code <namespace>/<node>/info} whose payload is JSON:
 * the node's timers, trees, machines, links, the topics it publishes and subscribes to with their message
 * types (the type registry), and its services. Published at start and again after each reconnection
 * (retained, so a tool that comes later reads it at once, also after a broker restart that lost it); whether the node is up is its retained {@code state} ({@code online}, and {@code offline}
 * by its Last Will or at shutdown). The same JSON answers the service {@code <namespace>/<node>/describe}
 * ({@code canopy call robot1/controller/describe '{}'}).
 */
public final class NodeInfo {
    /** The Event name of the retained info message. */
    public static final String EVENT = "node.info";
    /** The topic level after the node's path. */
    public static final String TOPIC = "info";
    /** The service that answers with the info (any Event request). */
    public static final String DESCRIBE = "describe";

    private NodeInfo() {}

    /** Publishes the info (retained, QoS 1) and serves {@code ~/describe}; called once the node has started. */
    public static void announce(MqttNode mqtt, NodePlan plan) {
        announce(mqtt, plan, null);
    }

    /**
     * As {@link #announce(MqttNode, NodePlan)}, with the versions of the trees {@code view} runs (read anew for each
     * answer and each republication: a deploy changes them; null: none shown).
     */
    public static void announce(MqttNode mqtt, NodePlan plan, NodeView view) {
        if (mqtt == null) {
            return;
        }
        String base = Mqtt.absolute(plan.fullName()) + "/";
        mqtt.newServiceServer(base + DESCRIBE, Event.class, Event.class, (q, h) -> info(plan, view));
        var publisher = mqtt.newPublisher(base + TOPIC, Event.class, Qos.AT_LEAST_ONCE, true);
        publisher.publish(info(plan, view));
        // a broker that restarted without persistence has lost the retained info: the node says "online" again on
        // its state topic after every reconnection, and hearing that, it publishes the info again (not from the
        // MQTT callback thread, which must not wait on a publish)
        mqtt.newRawSubscriber(Mqtt.absolute(plan.stateTopic()), Qos.AT_LEAST_ONCE, (topic, payload, retained) -> {
            if (new String(payload, StandardCharsets.US_ASCII).equals("online")) {
                CompletableFuture.runAsync(() -> {
                    try {
                        publisher.publish(info(plan, view));
                    } catch (IllegalStateException closed) {
                        // the node is closing: nothing to announce
                    }
                });
            }
        });
    }

    /** Publishes the info of {@code view}'s node again (retained): after a deploy changed a version. */
    public static void publish(MqttNode mqtt, NodeView view) {
        if (mqtt != null) {
            mqtt.newPublisher(Mqtt.absolute(view.name()) + "/" + TOPIC, Event.class, Qos.AT_LEAST_ONCE, true)
                    .publish(info(view.plan(), view));
        }
    }

    private static Event info(NodePlan plan, NodeView view) {
        return Event.newBuilder().setName(EVENT).setPayload(ByteString.copyFrom(json(plan, view), StandardCharsets.UTF_8)).build();
    }

    /** The info of a node as JSON (one line). */
    public static String json(NodePlan plan) {
        return json(plan, null);
    }

    /** The info of a node as JSON (one line), with each tree's version (SHA-256, label, since) when {@code view} is given. */
    public static String json(NodePlan plan, NodeView view) {
        Struct.Builder s = Struct.newBuilder();
        s.putFields("node", str(plan.fullName()));
        s.putFields("namespace", str(plan.namespace()));
        s.putFields("pid", Value.newBuilder().setNumberValue(ProcessHandle.current().pid()).build());
        s.putFields("broker", str(plan.mqtt().embedded() ? "embedded:" + plan.mqtt().port() : plan.mqtt().brokerUrl()));
        ListValue.Builder timers = ListValue.newBuilder();
        for (TimerPlan t : plan.timers()) {
            timers.addValues(obj("name", t.name(), "hz", t.hz()));
        }
        s.putFields("timers", list(timers));
        ListValue.Builder trees = ListValue.newBuilder();
        for (TreePlan t : plan.trees()) {
            Value v = obj("name", t.name(), "file", t.file().getFileName().toString(), "timer", t.timer(),
                    "active_in", t.machine() == null ? "" : t.machine() + ":" + t.state());
            trees.addValues(view == null ? v : TreeVersions.with(v, view, t.name()));
        }
        s.putFields("trees", list(trees));
        ListValue.Builder machines = ListValue.newBuilder();
        for (MachinePlan m : plan.machines()) {
            machines.addValues(obj("name", m.name(), "file", m.file().getFileName().toString(), "timer", m.timer()));
        }
        s.putFields("machines", list(machines));
        ListValue.Builder links = ListValue.newBuilder();
        for (SerialPlan l : plan.links()) {
            links.addValues(obj("name", l.name(), "port", l.port()));
        }
        s.putFields("links", list(links));
        ListValue.Builder pubs = ListValue.newBuilder();
        ListValue.Builder subs = ListValue.newBuilder();
        for (String[] t : publishes(plan)) {
            pubs.addValues(obj("topic", t[0], "type", t[1]));
        }
        for (String[] t : subscribes(plan)) {
            subs.addValues(obj("topic", t[0], "type", t[1]));
        }
        s.putFields("publishes", list(pubs));
        s.putFields("subscribes", list(subs));
        ListValue.Builder services = ListValue.newBuilder();
        services.addValues(obj("topic", plan.fullName() + "/" + DESCRIBE, "request", "Event", "response", "Event"));
        s.putFields("services", list(services));
        try {
            return JsonFormat.printer().omittingInsignificantWhitespace().print(s.build());
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The topics a node publishes, with their message types (the Envelope body type; "text" for plain text). */
    static List<String[]> publishes(NodePlan plan) {
        List<String[]> out = new ArrayList<>();
        String base = plan.fullName() + "/";
        out.add(new String[] {plan.stateTopic(), "text"});
        out.add(new String[] {base + TOPIC, "Event"});
        if (plan.mqtt().telemetryTimer() != null) {
            out.add(new String[] {base + "timers", "TimerStats"});
            if (!plan.trees().isEmpty()) {
                out.add(new String[] {base + "trees", "TreeStatus"});
            }
            if (!plan.machines().isEmpty()) {
                out.add(new String[] {base + "machines", "MachineStatus"});
            }
            if (plan.sensors().stream().anyMatch(x -> x.messageType().equals("BatteryState"))) {
                out.add(new String[] {base + "battery", "BatteryState"});
            }
            if (!plan.links().isEmpty()) {
                out.add(new String[] {base + "links", "LinkStatus"});
            }
            if (plan.diffDrive() != null) {
                out.add(new String[] {base + "odom", "Event"});
            }
        }
        for (BindPlan b : plan.binds()) {
            if (b.to() instanceof Endpoint.Mqtt m && out.stream().noneMatch(t -> t[0].equals(m.topic()))) {
                out.add(new String[] {m.topic(), sourceType(plan, b.from())});
            }
        }
        return out;
    }

    /** The topics (or filters) a node subscribes to, with the type it expects. */
    static List<String[]> subscribes(NodePlan plan) {
        List<String[]> out = new ArrayList<>();
        for (BindPlan b : plan.binds()) {
            if (b.from() instanceof Endpoint.Mqtt m && out.stream().noneMatch(t -> t[0].equals(m.topic()))) {
                out.add(new String[] {m.topic(), b.textPayload() ? "text" : b.to() instanceof Endpoint.Event ? "Event" : "Envelope"});
            }
        }
        return out; // the describe service is listed under "services"
    }

    private static String sourceType(NodePlan plan, Endpoint from) {
        return from instanceof Endpoint.Message m ? m.messageType() : "Event";
    }

    private static Value str(String s) {
        return Value.newBuilder().setStringValue(s == null ? "" : s).build();
    }

    private static Value list(ListValue.Builder l) {
        return Value.newBuilder().setListValue(l).build();
    }

    /** An object from key, value pairs (String or Number values). */
    private static Value obj(Object... kv) {
        Struct.Builder s = Struct.newBuilder();
        for (int i = 0; i < kv.length; i += 2) {
            Object v = kv[i + 1];
            s.putFields((String) kv[i], v instanceof Number n ? Value.newBuilder().setNumberValue(n.doubleValue()).build()
                    : str(String.valueOf(v)));
        }
        return Value.newBuilder().setStructValue(s).build();
    }
}

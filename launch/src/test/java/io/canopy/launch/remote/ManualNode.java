package io.canopy.launch.remote;

import io.canopy.bt.Blackboard;
import io.canopy.bt.Entry;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Port;
import io.canopy.bt.PortType;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.bt.load.XmlTreeLoader;
import io.canopy.launch.plan.RemotePlan;
import io.canopy.launch.plan.Source;
import io.canopy.proto.remote.Goal;
import io.canopy.tick.Event;
import io.canopy.tick.EventHandler;
import io.canopy.tick.EventKind;
import io.canopy.tick.EventQueue;
import io.canopy.tick.ManualNanoClock;
import io.canopy.tick.TickRate;
import io.canopy.tick.TickTimer;
import io.canopy.tick.Ticker;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A node reduced to what a remote action touches, on the manual clock (this thread is the tick thread): a ticker
 * whose inbox events are routed into entries by key (the node's inbound router does that), an outbox, and a tree
 * with ComputePathToPose bound to {@code robot1/nav/compute_path}. No MQTT: tests put what the connection's thread
 * would put into the inbox.
 */
final class ManualNode {
    static final long PERIOD_NS = 1_000_000;
    final ManualNanoClock clock = new ManualNanoClock();
    final Ticker ticker = new Ticker("manual", clock);
    final TickTimer control = ticker.addTimer("control", TickRate.periodNs(PERIOD_NS));
    final List<String> keys = new ArrayList<>();
    final List<Entry> entries = new ArrayList<>();
    final EventQueue outbox = EventQueue.builder().name("out").sensorCapacity(16).commandCapacity(16).maxPayloadBytes(0).build();
    final Blackboard bb = Blackboard.create();
    final Tree tree;
    private final Event scratch = new Event(0);
    /** What the tree's last tick returned. */
    volatile io.canopy.bt.Status last = io.canopy.bt.Status.IDLE;

    ManualNode(String treeBody, long workerTimeoutMs) {
        ticker.addEventHandler(new EventHandler() {
            @Override
            public void onEvent(Event e) {
                for (int i = 0; i < keys.size(); i++) {
                    if (keys.get(i) == e.name()) {
                        entries.get(i).setObject(e.attachment());
                    }
                }
            }
        });
        RemotePlan plan = new RemotePlan("ComputePathToPose", "robot1/nav/compute_path", workerTimeoutMs,
                List.of(Port.input("goal", PortType.STRING), Port.input("tolerance", PortType.DOUBLE),
                        Port.output("path", PortType.STRING), Port.output("progress", PortType.DOUBLE)),
                new Source(Path.of("t.launch.xml"), 1, 1, "remote"));
        RemoteNodes remotes = RemoteNodes.build(List.of(plan), new RemoteNodes.Host(ticker.inbox(), clock,
                (k, e) -> { keys.add(k); entries.add(e); }, outbox, (k, a) -> { }));
        NodeRegistry registry = NodeRegistry.withBuiltins();
        remotes.register(registry);
        tree = new XmlTreeLoader(registry).loadText("<root BTCPP_format=\"4\"><BehaviorTree ID=\"T\">" + treeBody
                + "</BehaviorTree></root>", bb, new TreeContext(ticker.oneShotTimers(), 1));
        control.addListener(nowNs -> last = tree.tickExactlyOnce());
    }

    String key(String containing) {
        return keys.stream().filter(k -> k.contains(containing)).findFirst().orElseThrow();
    }

    /** As the MQTT thread does: an event for the next tick. */
    void arrive(String keyContaining, Object attachment) {
        ticker.inbox().offer(scratch.set(EventKind.COMMAND, key(keyContaining), clock.nanoTime()).attachment(attachment));
        scratch.attachment(null);
    }

    void worker(String state) {
        if (state == RemoteLink.OFFLINE) {
            arrive("/worker (offline)", RemoteLink.OFFLINE);
        }
        arrive("/worker", state);
    }

    void tick() {
        ticker.advance(PERIOD_NS);
    }

    /** The goals and cancels the outbox holds now (drained): the goals as Goal, a cancel as "cancel GOAL_ID". */
    List<Object> sent() {
        List<Object> out = new ArrayList<>();
        outbox.drain(e -> out.add(e.name().contains(" cancel -> ") ? "cancel " + ((Goal) e.attachment()).getGoalId()
                : e.attachment()));
        return out;
    }
}

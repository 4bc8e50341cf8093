package io.canopy.launch.run;

import com.google.protobuf.Message;
import io.canopy.bt.Blackboard;
import io.canopy.bt.Entry;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Tree;
import io.canopy.hardware.device.MotorController;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.launch.NodePlan;
import io.canopy.statemachine.Machine;
import io.canopy.statemachine.Statechart;
import io.canopy.tick.DeadlineTimerQueue;
import io.canopy.tick.Event;
import io.canopy.tick.EventHandler;
import io.canopy.tick.EventQueue;
import io.canopy.tick.NanoClock;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * What a {@link NodeTap} may see of a built node, in public types: its timers, trees, machines, blackboard,
 * routes, motor command sources, inbox and router; and, for replay, a node built on a manual clock whose
 * cycles the replayer runs itself ({@link #build}, {@link #runCycle}).
 */
public final class NodeAccess {
    /** One {@code <bind>}: its outbox/inbox key, where it comes from and goes to ({@code mqtt:cmd/stop}). */
    public record Route(String key, String from, String to, boolean fromMqtt, boolean fromSerial, boolean toOutbox) {}

    /** A motor command source: blackboard entries the diffdrive or a binding turns into set-points. */
    public record MotorSource(String name, Entry entry) {}

    private final NodeRuntime n;

    NodeAccess(NodeRuntime n) {
        this.n = n;
    }

    /** Replay: builds a node on {@code clock} (a ManualNanoClock) with {@code tap}; nothing runs until {@link #startManual()}. */
    public static NodeAccess build(NodePlan plan, NanoClock clock, NodeRegistry registry, NodeTap tap) {
        return new NodeAccess(NodeRuntime.build(plan, clock, registry, tap));
    }

    /** Replay: starts machines, the outbox and the links, but no tick thread. */
    public void startManual() {
        n.startManual();
    }

    /** Replay: runs timer {@code timer}'s cycle at {@code nowNs} (the caller has set the clock). */
    public void runCycle(int timer, long nowNs) {
        n.cycles.get(timer).onTick(nowNs);
    }

    /** Replay: runs every tick and one-shot timer due up to {@code targetNs} on the manual clock (the ticker's advanceTo). */
    public void advanceTo(long targetNs) {
        n.ticker.advanceTo(targetNs);
    }

    /** Replay: events the tick thread put in the outbox that the outbox thread has not taken yet. */
    public int outboxPending() {
        return n.outbound.queue.size();
    }

    public void shutdown(long budgetNs) {
        n.shutdown(budgetNs);
    }

    public NodePlan plan() {
        return n.plan;
    }

    public String name() {
        return n.plan.fullName();
    }

    public NanoClock clock() {
        return n.ticker.clock();
    }

    public DeadlineTimerQueue oneShots() {
        return n.ticker.oneShotTimers();
    }

    public long ticks(int timer) {
        return n.cycles.get(timer).ticks();
    }

    public List<String> timers() {
        return n.plan.timers().stream().map(io.canopy.launch.TimerPlan::name).toList();
    }

    /** The ticker's timer {@code timer} (its deadline, its tick count). */
    public io.canopy.tick.TickTimer timer(int timer) {
        return n.ticker.timers().get(timer);
    }

    public List<String> treeNames() {
        return n.trees.stream().map(t -> t.plan.name()).toList();
    }

    public List<Tree> trees() {
        return n.trees.stream().map(t -> t.tree).toList();
    }

    /**
     * Each tree's one observer, shared with Groot2, the logs, the web page and the MQTT status (a tree has room for
     * one observer: attaching another would take the tree away from them).
     */
    public List<io.canopy.bt.observe.TreeObserver> treeObservers() {
        return n.trees.stream().map(TreeSlot::observer).toList();
    }

    public List<String> machineNames() {
        return n.machines.stream().map(m -> m.plan.name()).toList();
    }

    public List<Machine> machines() {
        return n.machines.stream().map(MachineSlot::machine).toList();
    }

    public List<Statechart> charts() {
        return n.machines.stream().map(m -> m.chart).toList();
    }

    public Blackboard blackboard() {
        return n.blackboard;
    }

    public EventQueue inbox() {
        return n.ticker.inbox();
    }

    public EventHandler router() {
        return n.router;
    }

    public java.util.Map<String, SerialLink> links() {
        java.util.Map<String, SerialLink> out = new java.util.LinkedHashMap<>();
        n.links.forEach((k, v) -> out.put(k, v.link));
        return out;
    }

    /** The motor controllers, one per link with motors. */
    public List<MotorController> motorControllers() {
        List<MotorController> out = new ArrayList<>();
        for (LinkRuntime l : n.links.values()) {
            if (l.motors != null) {
                out.add(l.motors);
            }
        }
        return out;
    }

    /** The blackboard entries that command motors: the diffdrive's cmd_v and cmd_w, and every blackboard:X to motor:Y. */
    public List<MotorSource> motorSources() {
        List<MotorSource> out = new ArrayList<>();
        if (n.drive != null) {
            for (Entry e : n.drive.commandEntries()) {
                out.add(new MotorSource(e.name(), e));
            }
        }
        for (Binding b : n.routes) {
            if (b instanceof Binding.BlackboardToMotor m) {
                out.add(new MotorSource(m.entry() + "->" + m.motor(), n.blackboard.entry(m.entry())));
            }
        }
        return out;
    }

    /** The node's {@code <bind>}s, in launch-file order. */
    public List<Route> routes() {
        List<Route> out = new ArrayList<>();
        for (int i = 0; i < n.routes.size(); i++) {
            Binding b = n.routes.get(i);
            io.canopy.launch.BindPlan p = n.plan.binds().get(i);
            boolean toOutbox = b instanceof Binding.EventToMqtt || b instanceof Binding.EventToSerial
                    || b instanceof Binding.BlackboardToMqtt;
            out.add(new Route(b.key(), p.from().text(), p.to().text(),
                    b instanceof Binding.MqttToEvent || b instanceof Binding.MqttToBlackboard,
                    b instanceof Binding.SerialToBlackboard || b instanceof Binding.SerialToEvent, toOutbox));
        }
        return out;
    }

    /** Before start: {@code action} also gets every outbox event of route {@code key} (the outbox thread). */
    public void onOutput(String key, Consumer<Event> action) {
        n.outbound.on(key, action);
    }

    /** The attachment an inbox event carries for a protobuf message (what MQTT and serial bindings put there). */
    public static Object messageData(Message m) {
        return new ProtoData(m);
    }

    /** The message in an event's attachment, or null when it carries none. */
    public static Message messageOf(Object attachment) {
        return attachment instanceof ProtoData p ? p.message() : null;
    }
}

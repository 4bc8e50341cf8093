package io.canopy.launch.run;

import io.canopy.bt.Blackboard;
import io.canopy.bt.Entry;
import io.canopy.bt.Tree;
import io.canopy.bt.observe.MachineRecorder;
import io.canopy.bt.observe.TreeObserver;
import io.canopy.hardware.device.BatteryMonitor;
import io.canopy.hardware.device.MotorController;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.hardware.sim.DiffDriveSim;
import io.canopy.launch.plan.BindPlan;
import io.canopy.launch.plan.NodePlan;
import io.canopy.launch.plan.TimerPlan;
import io.canopy.launch.route.Binding;
import io.canopy.launch.route.EventBus;
import io.canopy.launch.route.InboundRouter;
import io.canopy.messaging.MqttNode;
import io.canopy.proto.LinkStatus;
import io.canopy.statemachine.Machine;
import io.canopy.statemachine.Statechart;
import io.canopy.tick.Event;
import io.canopy.tick.EventKind;
import io.canopy.tick.Ticker;
import io.canopy.tick.stats.TimerStats;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one view of a built node that the rest of the code gets (tests, the recorder and replayer, the MQTT status
 * topics, the web page, the fleet window, telemetry and the status line), read from any thread without touching
 * the tick: its plan, timers, trees, machines, blackboard, links, motor controllers, routes and counters. Tree
 * statuses come through each tree's {@link TreeObserver}; machine configurations and running actions as the status
 * phase of their timer last published them. The only write is {@link #sendEvent}, which goes through the node's
 * inbox like any message from outside. Driving a node (replay) goes through its {@link NodeControl}.
 */
public final class NodeView {
    /** One {@code <bind>}: its outbox/inbox key, where it comes from and goes to ({@code mqtt:cmd/stop}). */
    public record Route(String key, String from, String to, boolean fromMqtt, boolean fromSerial, boolean toOutbox) {}

    /** A motor command source: blackboard entries the diffdrive or a binding turns into set-points. */
    public record MotorSource(String name, Entry entry) {}

    /** A tree of the node: its launch name, source file, observer and whether its machine state lets it run. */
    public static final class TreeView {
        private final TreeSlot slot;
        private volatile TreeObserver observer;

        TreeView(TreeSlot slot) {
            this.slot = slot;
        }

        public String name() {
            return slot.plan.name();
        }

        public Path file() {
            return slot.plan.file();
        }

        public Tree tree() {
            return slot.tree;
        }

        /**
         * The tree's one observer, shared with Groot2, the logs, the web page and the MQTT status (a tree has room for
         * one observer: attaching another would take the tree away from them). Attached at the first call, which
         * the node makes before its first tick.
         */
        public TreeObserver observer() {
            TreeObserver o = observer; // the version's at the first call: watchers size their buffers by it
            return o != null ? o : (observer = slot.observer());
        }

        public boolean active() {
            return slot.active();
        }

        public long ticks() {
            return slot.ticks();
        }

        /** The running leaf (as of the last status phase). */
        public String runningAction() {
            return slot.runningAction();
        }
    }

    /** A machine of the node: its launch name, SCXML file and configuration as of the last status phase. */
    public static final class MachineView {
        private final MachineSlot slot;
        private final Ticker ticker;
        private volatile MachineRecorder recorder;

        MachineView(MachineSlot slot, Ticker ticker) {
            this.slot = slot;
            this.ticker = ticker;
        }

        public String name() {
            return slot.plan.name();
        }

        public Path file() {
            return slot.plan.file();
        }

        public Machine machine() {
            return slot.machine();
        }

        public Statechart chart() {
            return slot.chart;
        }

        /** The machine's steps (transitions taken, states exited and entered), read from any thread. */
        public MachineRecorder recorder() {
            MachineRecorder r = recorder;
            return r != null ? r : (recorder = slot.recorder(ticker.clock()));
        }

        public List<String> activeStates() {
            return slot.activeStates();
        }

        /** The innermost active state. */
        public String leaf() {
            return slot.stateText();
        }
    }

    private final NodePlan plan;
    private final Ticker ticker;
    private final NodeCycles cycles;
    private final Blackboard blackboard;
    private final Map<String, LinkRuntime> links;
    private final DeviceRuntime devices;
    private final DiffDriveRuntime drive;
    private final Failsafe failsafe;
    private final List<TreeSlot> treeSlots;
    private final List<MachineSlot> machineSlots;
    private final List<TreeView> trees;
    private final List<MachineView> machines;
    private final EventBus bus;
    private final InboundRouter router;
    private final List<Binding> routes;
    private final NodeMqtt mqtt;
    private final Event scratch = new Event(0);

    NodeView(NodePlan plan, Ticker ticker, NodeCycles cycles, Blackboard blackboard, Map<String, LinkRuntime> links,
            DeviceRuntime devices, DiffDriveRuntime drive, Failsafe failsafe, List<TreeSlot> trees, List<MachineSlot> machines,
            EventBus bus, InboundRouter router, List<Binding> routes, NodeMqtt mqtt) {
        this.plan = plan;
        this.ticker = ticker;
        this.cycles = cycles;
        this.blackboard = blackboard;
        this.links = links;
        this.devices = devices;
        this.drive = drive;
        this.failsafe = failsafe;
        this.treeSlots = trees;
        this.machineSlots = machines;
        this.bus = bus;
        this.router = router;
        this.routes = routes;
        this.mqtt = mqtt;
        this.trees = trees.stream().map(TreeView::new).toList();
        this.machines = machines.stream().map(m -> new MachineView(m, ticker)).toList();
    }

    /** {@code namespace/name}: the node's name on the page and the prefix of its topics. */
    public String name() {
        return plan.fullName();
    }

    public NodePlan plan() {
        return plan;
    }

    public List<String> timerNames() {
        return plan.timers().stream().map(TimerPlan::name).toList();
    }

    /** Ticks of each timer so far. */
    public List<Long> timerTicks() {
        List<Long> out = new ArrayList<>();
        ticker.timers().forEach(t -> out.add(t.ticks()));
        return out;
    }

    /** Each timer's figures so far (rate, ticks, lateness percentiles, overruns). */
    public List<TimerStats> timerStats() {
        return ticker.stats();
    }

    /** Ticks of the node's first timer so far. */
    public long ticks() {
        return ticker.timers().isEmpty() ? 0 : ticker.timers().get(0).ticks();
    }

    /** Cycles timer {@code timer} (index in the launch file's order) has run so far (tick thread, or a replayer). */
    public long ticks(int timer) {
        return cycles.cycles().get(timer).ticks();
    }

    /** Wall-clock time (ms) of the node's first tick, 0 before it (for the start-up report, not for decisions). */
    public long firstTickEpochMs() {
        return cycles.firstTickEpochMs();
    }

    /** The node's clock now (the time base of the observers' rings). */
    public long clockNs() {
        return ticker.clock().nanoTime();
    }

    public List<TreeView> trees() {
        return trees;
    }

    /** The running leaf of tree {@code name} (as of the last status phase). */
    public String runningAction(String name) {
        return tree(name).runningAction();
    }

    public List<MachineView> machines() {
        return machines;
    }

    /** The innermost active state of the machine {@code name} (as of the last status phase). */
    public String machineState(String name) {
        return machine(name).leaf();
    }

    /** Active configuration of the machine {@code name} (as of the last status phase). */
    public List<String> machineStates(String name) {
        return machine(name).activeStates();
    }

    private TreeView tree(String name) {
        for (TreeView t : trees) {
            if (t.name().equals(name)) {
                return t;
            }
        }
        throw new IllegalArgumentException("no tree " + name);
    }

    private MachineView machine(String name) {
        for (MachineView m : machines) {
            if (m.name().equals(name)) {
                return m;
            }
        }
        throw new IllegalArgumentException("no machine " + name);
    }

    public Blackboard blackboard() {
        return blackboard;
    }

    /** A number on the node's shared blackboard as it is now (any thread; for tests), or NaN when unset. */
    public double blackboardNumber(String key) {
        Entry e = blackboard.find(key);
        return e == null || !e.hasValue() ? Double.NaN : e.doubleValue();
    }

    /**
     * The node's blackboard as text, key by key (empty entries left out). Read while the tick may write it:
     * a value may be one tick old or new; a map that changed under the read returns what was read so far.
     */
    public Map<String, String> blackboardText() {
        Map<String, String> out = new LinkedHashMap<>();
        try {
            for (String key : blackboard.keys()) {
                Entry e = blackboard.find(key);
                if (e != null && e.hasValue()) {
                    out.put(key, e.stringValue());
                }
            }
        } catch (RuntimeException changedUnderTheRead) {
            // a script created an entry meanwhile: show what was read; the next read gets the rest
        }
        return out;
    }

    /** The serial links by name. */
    public Map<String, SerialLink> serialLinks() {
        Map<String, SerialLink> out = new LinkedHashMap<>();
        links.forEach((k, v) -> out.put(k, v.link));
        return out;
    }

    /** The link's status as telemetry publishes it on {@code <ns>/<node>/links}. */
    public LinkStatus linkStatus(String link) {
        return links.get(link).status(failsafe.silent(link));
    }

    /**
     * Every link's status: the serial links and the MAVLink and Dynamixel ones (as the links telemetry has them), then
     * the MQTT connection in the shape of a link (the page's links pane).
     */
    public List<LinkStatus> linkStatuses() {
        List<LinkStatus> out = deviceLinkStatuses();
        LinkStatus m = mqtt.linkStatus();
        if (m != null) {
            out.add(m);
        }
        return out;
    }

    /** The serial links' statuses, then the MAVLink vehicles' and Dynamixel buses': what telemetry publishes. */
    public List<LinkStatus> deviceLinkStatuses() {
        List<LinkStatus> out = new ArrayList<>();
        for (LinkRuntime l : links.values()) {
            out.add(l.status(failsafe != null && failsafe.silent(l.plan.name())));
        }
        out.addAll(devices.linkStatuses());
        return out;
    }

    /** The simulator behind the {@code sim:} link {@code link}, or null. */
    public DiffDriveSim simulator(String link) {
        LinkRuntime l = links.get(link);
        return l == null ? null : l.sim;
    }

    /** Stop commands written by the motor controller of {@code link}. */
    public long stopsSent(String link) {
        LinkRuntime l = links.get(link);
        return l == null || l.motors == null ? 0 : l.motors.stopsSent();
    }

    /** {@code [percent, voltage]} of the first battery with a reading, or null. */
    public double[] battery() {
        for (LinkRuntime l : links.values()) {
            if (l.battery != null && l.battery.latest().count() > 0) {
                return new double[] {l.battery.latest().value(BatteryMonitor.PERCENT), l.battery.latest().value(BatteryMonitor.VOLTAGE)};
            }
        }
        return null;
    }

    /** The odometry pose {@code [x, y, theta]}, or null without a {@code <diffdrive>}. */
    public double[] pose() {
        DiffDriveRuntime d = drive;
        return d == null ? null : new double[] {d.x(), d.y(), d.theta()};
    }

    /** The diffdrive timer's tick at which the wheels were last commanded to a stop, or -1. */
    public long wheelsStoppedTick() {
        return drive == null ? -1 : drive.stoppedAtTick();
    }

    /** The motor controllers, one per link with motors. */
    public List<MotorController> motorControllers() {
        List<MotorController> out = new ArrayList<>();
        for (LinkRuntime l : links.values()) {
            if (l.motors != null) {
                out.add(l.motors);
            }
        }
        return out;
    }

    /** The blackboard entries that command motors: the diffdrive's cmd_v and cmd_w, and every blackboard:X to motor:Y. */
    public List<MotorSource> motorSources() {
        List<MotorSource> out = new ArrayList<>();
        if (drive != null) {
            for (Entry e : drive.commandEntries()) {
                out.add(new MotorSource(e.name(), e));
            }
        }
        for (Binding b : routes) {
            if (b instanceof Binding.BlackboardToMotor m) {
                out.add(new MotorSource(m.entry() + "->" + m.motor(), blackboard.entry(m.entry())));
            }
        }
        return out;
    }

    /** The node's {@code <bind>}s, in launch-file order. */
    public List<Route> routes() {
        List<Route> out = new ArrayList<>();
        for (int i = 0; i < routes.size(); i++) {
            Binding b = routes.get(i);
            BindPlan p = plan.binds().get(i);
            boolean toOutbox = b instanceof Binding.EventToMqtt || b instanceof Binding.EventToSerial
                    || b instanceof Binding.BlackboardToMqtt;
            out.add(new Route(b.key(), p.from().text(), p.to().text(),
                    b instanceof Binding.MqttToEvent || b instanceof Binding.MqttToBlackboard,
                    b instanceof Binding.SerialToBlackboard || b instanceof Binding.SerialToEvent, toOutbox));
        }
        return out;
    }

    /** The control timer's tick at which an event named {@code name} last came in through a binding, or -1. */
    public long eventTick(String name) {
        return router.lastTick(name);
    }

    /** The node's MQTT connection, or null when it has none (yet, or any more). */
    public MqttNode mqtt() {
        return mqtt.client();
    }

    /** The embedded broker's URL, or the external broker's. */
    public String brokerUrl() {
        MqttNode m = mqtt.client();
        return m == null ? null : m.brokerUrl();
    }

    /** Whether the node's MQTT client is connected to its broker now (false without MQTT). */
    public boolean mqttConnected() {
        MqttNode m = mqtt.client();
        return m != null && m.isConnected();
    }

    /** Times a link fell silent with its port open (the failsafe's silence check). */
    public long failsafeSilences() {
        return failsafe.silences();
    }

    /** Whether the failsafe holds the motors now (a link silent or lost). */
    public boolean failsafeEngaged() {
        return failsafe != null && failsafe.engaged();
    }

    /** Stalled ticks the watchdog reported. */
    public long failsafeStalls() {
        return failsafe.stalls();
    }

    /** Command sources that went stale. */
    public long failsafeStaleCommands() {
        return failsafe.staleCommands();
    }

    /** device.lost events that went on the node's event bus. */
    public long lostEvents() {
        return bus.lostEvents();
    }

    public long backEvents() {
        return bus.backEvents();
    }

    public long stallEvents() {
        return bus.stallEvents();
    }

    /** Any thread: puts an event named {@code name} into the node's inbox, as an MQTT command would. */
    public boolean sendEvent(String name) {
        synchronized (scratch) {
            scratch.set(EventKind.COMMAND, name, ticker.clock().nanoTime());
            return ticker.inbox().offer(scratch);
        }
    }

    /** Before the first tick: each tree's observer and each machine's step recorder, which watchers read. */
    void attachObservers() {
        treeSlots.forEach(TreeSlot::observer);
        machineSlots.forEach(m -> m.recorder(ticker.clock()));
    }

    public Collection<LinkRuntime> linkRuntimes() {
        return links.values();
    }

    LinkRuntime linkRuntime(String name) {
        return links.get(name);
    }

    public List<TreeSlot> treeSlots() {
        return treeSlots;
    }

    public List<MachineSlot> machineSlots() {
        return machineSlots;
    }

    public DeviceRuntime devices() {
        return devices;
    }

    public DiffDriveRuntime drive() {
        return drive;
    }

    Failsafe failsafe() {
        return failsafe;
    }

    EventBus bus() {
        return bus;
    }
}

package io.canopy.launch.run;

import io.canopy.InputException;
import io.canopy.bt.Blackboard;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.bt.load.XmlTreeLoader;
import io.canopy.hardware.serial.LinkSink;
import io.canopy.hardware.serial.SerialLink;
import io.canopy.launch.MachinePlan;
import io.canopy.launch.MotorPlan;
import io.canopy.launch.NodePlan;
import io.canopy.launch.SensorPlan;
import io.canopy.launch.SerialPlan;
import io.canopy.launch.TimerPlan;
import io.canopy.launch.TreePlan;
import io.canopy.messaging.broker.EmbeddedBroker;
import io.canopy.messaging.Node;
import io.canopy.proto.Envelope;
import io.canopy.statemachine.Machine;
import io.canopy.statemachine.MachineContext;
import io.canopy.statemachine.build.ScxmlLoader;
import io.canopy.statemachine.Statechart;
import io.canopy.tick.Event;
import io.canopy.tick.EventKind;
import io.canopy.tick.NanoClock;
import io.canopy.tick.TickRate;
import io.canopy.tick.TickTimer;
import io.canopy.tick.Ticker;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One {@code <node>} at run time: its ticker and timers, shared blackboard, machines and trees, serial
 * links (and simulators), MQTT node, bindings and telemetry; started by {@link #start()} and stopped
 * cleanly by {@link #shutdown(long)}.
 *
 * <p>Order of work on each timer tick: inbox events (bindings, device.lost/back) are applied by the ticker
 * first; then odometry, machines, trees, motor set-points, motor controllers, publishers, telemetry. Events
 * raised on the {@link EventBus} reach the machines (next tick) and the trees listening to them (their next
 * tick); what a tree's {@code SendEvent} nodes send goes on the bus right after its tick.
 */
final class NodeRuntime {
    private static final Logger LOG = LoggerFactory.getLogger(NodeRuntime.class);

    final NodePlan plan;
    final Ticker ticker;
    final Blackboard blackboard = Blackboard.create();
    final Outbound outbound;
    final EventBus bus;
    final InboundRouter router;
    final Map<String, LinkRuntime> links = new LinkedHashMap<>();
    final List<MachineSlot> machines = new ArrayList<>();
    final List<TreeSlot> trees = new ArrayList<>();
    DiffDriveRuntime drive;
    /** Wall-clock time (ms) of the node's first tick, 0 before it. */
    volatile long firstTickEpochMs;
    volatile Node mqtt;
    volatile EmbeddedBroker broker;
    /** The broker and MQTT client starting in the background during {@link #assemble}. */
    private java.util.concurrent.CompletableFuture<Void> mqttUp;
    Telemetry telemetry;
    Failsafe failsafe;
    /** MAVLink vehicles and Dynamixel buses ({@code <mavlink>}, {@code <dynamixel>}). */
    DeviceRuntime devices = DeviceRuntime.NONE;
    /** The {@code <remote>} actions: declared types run by workers over MQTT. */
    io.canopy.launch.remote.RemoteNodes remotes = io.canopy.launch.remote.RemoteNodes.NONE;
    /** The compiled {@code <bind>}s, in launch-file order. */
    final List<Binding> routes = new ArrayList<>();
    /** One per timer: the phases of a tick. */
    final List<NodeCycle> cycles = new ArrayList<>();
    private io.canopy.tick.Watchdog watchdog;
    /**
     * Whether this node starts its own tick thread and the watchdog of it ({@code canopy run}); false when a
     * {@link io.canopy.tick.TickerGroup} runs its ticker with other nodes', watched by the group's watchdog
     * ({@code canopy fleet --shared-ticker}, see {@link SharedTickerRunner}). Either way {@link #shutdown} stops the
     * node's ticker (a group's member leaves the group) before it halts the trees.
     */
    boolean ownsTicker = true;
    /** Groot2, .btlog, console and Perfetto traces (canopy run --groot2/--btlog/--trace/--trace-json), or null. */
    private TreeMonitoring monitoring;
    MonitorOptions monitorOptions = MonitorOptions.NONE;
    /** The full status on MQTT ({@code <robot>/status/...}), or null. */
    private io.canopy.launch.status.StatusTopics statusTopics;
    /** A recorder or replayer (canopy run --record, canopy replay), or {@link NodeTap#NONE}. */
    final NodeTap tap;

    private NodeRuntime(NodePlan plan, NanoClock clock, NodeTap tap) {
        this.tap = tap;
        clock = tap.clock(clock);
        this.plan = plan;
        this.ticker = new Ticker(plan.fullName(), clock);
        this.outbound = new Outbound(plan.fullName());
        this.bus = new EventBus(outbound.queue, plan.eventPolicy());
        this.router = new InboundRouter(bus);
        this.router.tap = tap;
    }

    /** Builds everything (nothing runs yet); on failure closes what was built and rethrows. */
    static NodeRuntime build(NodePlan plan, NanoClock clock, NodeRegistry registry) {
        return build(plan, clock, registry, NodeTap.NONE);
    }

    /** As above, with a recorder or replayer seeing the node through {@code tap}. */
    static NodeRuntime build(NodePlan plan, NanoClock clock, NodeRegistry registry, NodeTap tap) {
        NodeRuntime n = new NodeRuntime(plan, clock, tap);
        try {
            n.assemble(registry);
            return n;
        } catch (RuntimeException e) {
            n.closeQuietly();
            throw e;
        }
    }

    private void assemble(NodeRegistry registry) {
        Map<String, NodeCycle.Builder> cycles = new LinkedHashMap<>();
        for (TimerPlan t : plan.timers()) {
            ticker.addTimer(t.name(), TickRate.hz(t.hz()));
            cycles.put(t.name(), new NodeCycle.Builder(t.name()));
        }
        ticker.addEventHandler(router); // phase 0, inputs: the ticker drains the inbox before the timers fire
        long t0 = System.nanoTime();
        // the broker and the MQTT client start on another thread while the links, machines and trees load
        // (none of it, nor its classes, for a node without MQTT: <mqtt broker="none"/>)
        mqttUp = !plan.hasMqtt() ? null : java.util.concurrent.CompletableFuture.runAsync(() -> {
            broker = Mqtt.startBroker(plan);
            mqtt = Mqtt.start(plan, broker);
        });
        Map<String, MessageTap> taps = new LinkedHashMap<>();
        for (SerialPlan s : plan.links()) {
            MessageTap tap = new MessageTap(ticker.inbox());
            taps.put(s.name(), tap);
            List<MotorPlan> motors = plan.motors().stream().filter(m -> m.link().equals(s.name())).toList();
            List<SensorPlan> sensors = plan.sensors().stream().filter(m -> m.link().equals(s.name())).toList();
            links.put(s.name(), LinkRuntime.build(s, motors, sensors, tap, new LinkEvents(ticker), ticker.clock(), this.tap,
                    WakeOnInput.forLink(plan, ticker, s.name())));
        }
        devices = DeviceRuntime.build(plan.devices(), ticker, blackboard, cycles);
        failsafe = new Failsafe(plan.fullName(), List.copyOf(links.values()),
                plan.safety().commandTimeoutMs() * 1_000_000L, bus, ticker.inbox(), !plan.machines().isEmpty());
        bus.failsafe(failsafe);
        long t1 = System.nanoTime();
        TickTimer control = controlTimer();
        router.countTicksOf(control);
        if (plan.diffDrive() != null) {
            var d = plan.diffDrive();
            MotorPlan l = plan.motor(d.left());
            MotorPlan r = plan.motor(d.right());
            drive = new DiffDriveRuntime(d, links.get(l.link()).motors, l.motorId(), links.get(r.link()).motors, r.motorId(),
                    blackboard, timer(d.timer()));
            cycles.get(d.timer()).sense.add(drive);
            cycles.get(d.timer()).act.add(drive.commands());
            failsafe.watchCommands("diffdrive cmd_v/cmd_w", drive.commandEntries(), drive.controllers());
        }
        for (MachinePlan m : plan.machines()) {
            Statechart chart = ScxmlLoader.load(m.file());
            MachineContext context = new MachineContext(ticker.oneShotTimers()).onSend(this::machineSends);
            MachineSlot slot = new MachineSlot(m, chart, chart.newMachine(context));
            machines.add(slot);
            bus.addMachine(slot);
            cycles.get(m.timer()).decide.add(slot);
            cycles.get(m.timer()).status.add(nowNs -> slot.refreshStatus());
        }
        long t2 = System.nanoTime();
        NodeRegistry reg = io.canopy.launch.Artifacts.withRunLeaves(registry.copy());
        remotes = io.canopy.launch.remote.RemoteNodes.build(plan.remotes(), new io.canopy.launch.remote.RemoteNodes.Host(
                ticker.inbox(), ticker.clock(), router::toBlackboard, outbound.queue, outbound::on));
        remotes.register(reg);
        XmlTreeLoader loader = plan.foreign().loader(reg);
        List<TreeSlot> treesInOrder = new ArrayList<>();
        for (TreePlan t : plan.trees()) {
            Tree tree = loader.loadFile(t.file(), blackboard, devices.services(new TreeContext(ticker.oneShotTimers(), t.seed())));
            if (t.main() != null && !t.main().equals(tree.id())) {
                throw new InputException(t.source() + ": attribute 'main': \"" + t.main() + "\" is not the tree this file runs ('"
                        + tree.id() + "', its main_tree_to_execute); set main_tree_to_execute in " + t.file().getFileName());
            }
            MachineSlot gate = null;
            int gateState = -1;
            if (t.machine() != null) {
                gate = machines.stream().filter(ms -> ms.plan.name().equals(t.machine())).findFirst().orElseThrow();
                gateState = gate.chart.stateIndex(t.state());
                if (gateState < 0) {
                    throw new InputException(t.source() + ": attribute 'active_in': machine '" + t.machine() + "' has no state '"
                            + t.state() + "'; its states are " + String.join(", ", gate.chart.stateIds()));
                }
            }
            if ("error".equals(plan.eventPolicy())) {
                io.canopy.bt.event.TreeEvents.of(tree.context()).policy(io.canopy.bt.event.UnconsumedPolicy.ERROR);
            }
            TreeSlot slot = new TreeSlot(t, tree, gate, gateState, bus);
            trees.add(slot);
            treesInOrder.add(slot);
            bus.addTree(slot);
            cycles.get(t.timer()).decide.add(slot);
            cycles.get(t.timer()).status.add(nowNs -> slot.refreshStatus());
        }
        long t3 = System.nanoTime();
        if (mqttUp != null) {
            try {
                mqttUp.join();
            } catch (java.util.concurrent.CompletionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : e;
            }
        }
        long t4 = System.nanoTime();
        if (mqtt != null) {
            remotes.connect(mqtt);
            trees.forEach(s -> io.canopy.launch.fleet.ClaimBoard.attach(s.tree.context(), mqtt));
        } else if (!plan.hasMqtt()) {
            refuseClaims(); // the loader refuses them; a Claim it could not see (an include it could not read) ends here
        }
        String firstTimer = plan.timers().isEmpty() ? null : plan.timers().get(0).name();
        Wiring wiring = new Wiring(this, taps, cycles);
        int index = 0;
        for (io.canopy.launch.BindPlan b : plan.binds()) {
            Binding route = Binding.compile(b, index++, firstTimer);
            routes.add(route);
            route.install(wiring);
        }
        if (control != null) {
            NodeCycle.Builder c = cycles.get(control.name());
            c.act.add(failsafe::check);
            for (LinkRuntime l : links.values()) {
                if (l.motors != null) {
                    c.act.add(l.motors);
                }
            }
        }
        if (plan.hasMqtt() && plan.mqtt().telemetryTimer() != null) {
            telemetry = new Telemetry(this);
            cycles.get(plan.mqtt().telemetryTimer()).output.add(telemetry);
        }
        for (NodeCycle.Builder b : cycles.values()) {
            NodeCycle cycle = b.build();
            cycle.tap = tap;
            cycle.index = this.cycles.size();
            this.cycles.add(cycle);
            timer(b.timerName()).addListener(cycle);
        }
        if (!ticker.timers().isEmpty()) {
            ticker.timers().get(0).addListener(nowNs -> {
                if (firstTickEpochMs == 0) {
                    firstTickEpochMs = System.currentTimeMillis(); // for the startup report only, not for decisions
                }
            });
        }
        long stallNs = plan.safety().stallNs(plan.timers().stream().mapToDouble(TimerPlan::hz).max().orElse(0));
        for (TickTimer t : ticker.timers()) {
            t.budgetNs(stallNs);
        }
        if (tap != NodeTap.NONE) {
            tap.attached(new NodeAccess(this));
        }
        long t5 = System.nanoTime();
        LOG.debug("node {} built: links {} ms, machines {} ms, trees {} ms, then waited {} ms for the broker and MQTT "
                + "client, bindings {} ms", plan.fullName(), ms(t1 - t0), ms(t2 - t1), ms(t3 - t2), ms(t4 - t3), ms(t5 - t4));
        for (Binding r : routes) {
            LOG.debug("node {}: route {}", plan.fullName(), r);
        }
    }

    private void refuseClaims() {
        for (TreeSlot s : trees) {
            if (s.tree.context().service(io.canopy.launch.fleet.ClaimBoard.class) != null) {
                throw new InputException(s.plan.source() + ": tree '" + s.plan.name() + "' has Claim/Release nodes, which claim over"
                        + " MQTT; this node has no MQTT (<mqtt broker=\"none\"/> at line " + plan.mqtt().source().line()
                        + "); remove them or remove broker=\"none\"");
            }
        }
    }

    /** The timer that sends motor commands: the diffdrive's, else the first timer. */
    private TickTimer controlTimer() {
        if (plan.diffDrive() != null) {
            return timer(plan.diffDrive().timer());
        }
        if (plan.timers().isEmpty()) {
            if (!plan.motors().isEmpty()) {
                throw new InputException(plan.source() + ": motors need a timer to refresh their commands; add <timer name=\"control\" hz=\"50\"/>");
            }
            return null;
        }
        return ticker.timers().get(0);
    }

    TickTimer timer(String name) {
        TickTimer t = ticker.timer(name);
        if (t == null) {
            throw new IllegalStateException("timer '" + name + "' was checked by the loader but is missing");
        }
        return t;
    }

    /** {@code <send target="node" event="...">} from a machine: onto the node's event bus. */
    private boolean machineSends(Machine from, String target, String event, Object data) {
        if (!"node".equals(target) && !"#_node".equals(target)) {
            return false;
        }
        bus.publish(event, data, from, ticker.clock().nanoTime());
        return true;
    }

    /**
     * Starts everything but the tick thread: the caller drives the ticker on the manual clock
     * ({@code ticker.advance}), for tests and replay.
     */
    void startManual() {
        for (MachineSlot m : machines) {
            m.start();
        }
        outbound.start();
        for (LinkRuntime l : links.values()) {
            l.startManual();
        }
    }

    void start() {
        trees.forEach(TreeSlot::observer); // before the first tick: the observers that watchers read
        machines.forEach(m -> m.recorder(ticker.clock()));
        if (TreeMonitoring.wanted(monitorOptions, trees)) {
            monitoring = TreeMonitoring.attach(this, monitorOptions, System.out); // before the first tick
        }
        for (MachineSlot m : machines) {
            m.start(); // before the tick thread exists, so its first tick sees the initial configuration
        }
        outbound.start();
        for (LinkRuntime l : links.values()) {
            l.start(plan.realtime().ioThreads());
        }
        if (ownsTicker) {
            ticker.realtime(plan.realtime().tickThread()).idleMode(plan.realtime().idle()).start();
        }
        if (plan.hasMqtt()) { // the status topics' thread and classes only with MQTT
            statusTopics = io.canopy.launch.status.StatusTopics.start(new RobotProbe(this));
        }
        if (ownsTicker) {
            watchdog = new io.canopy.tick.Watchdog(ticker, failsafes()).start();
        }
        LOG.info("node {} running: timers {}, {} machine(s), {} tree(s), {} link(s), MQTT {}", plan.fullName(),
                plan.timers().stream().map(t -> t.name() + "@" + Values.format(t.hz()) + "Hz").toList(), machines.size(),
                trees.size(), links.size(), !plan.hasMqtt() ? "none" : mqtt == null ? "off" : mqtt.brokerUrl());
    }

    /** The node's failsafe with its devices' (MAVLink, Dynamixel): what its watchdog calls on a stall. */
    io.canopy.tick.StallHandler failsafes() {
        return devices.around(failsafe);
    }

    /**
     * Clean shutdown within {@code budgetNs}: stops the tick thread, halts trees (OnCancel and onHalted run),
     * exits machines, sends a stop to every motor and waits until it is written to the port, publishes
     * {@code offline}, closes the ports, the MQTT connection and the embedded broker. Returns the stop
     * frames written.
     */
    long shutdown(long budgetNs) {
        long t0 = System.nanoTime();
        if (watchdog != null) {
            watchdog.stop();
        }
        ticker.stop(TimeUnit.NANOSECONDS.toMillis(budgetNs / 4) + 1);
        long t1 = System.nanoTime();
        for (TreeSlot t : trees) {
            t.halt();
        }
        for (MachineSlot m : machines) {
            m.halt();
        }
        if (monitoring != null) {
            monitoring.close(); // after the halts, so the .btlog and the trace show them
        }
        if (statusTopics != null) {
            statusTopics.close(); // after the halts, so the last status shows them
        }
        long stops = 0;
        for (LinkRuntime l : links.values()) {
            stops += l.stopMotorsAndFlush(TimeUnit.MILLISECONDS.toNanos(100));
        }
        long t2 = System.nanoTime();
        outbound.stop(50);
        long t3 = System.nanoTime();
        closeMqtt();
        long t4 = System.nanoTime();
        closeLinks();
        tap.closed();
        long t5 = System.nanoTime();
        LOG.info("node {} stopped in {} ms ({} stop command(s) written; ticker {} ms, halt+stops {} ms, outbox {} ms, "
                + "MQTT+broker {} ms, links {} ms)", plan.fullName(), ms(t5 - t0), stops, ms(t1 - t0), ms(t2 - t1), ms(t3 - t2),
                ms(t4 - t3), ms(t5 - t4));
        return stops;
    }

    private static long ms(long ns) {
        return TimeUnit.NANOSECONDS.toMillis(ns);
    }

    private void closeQuietly() {
        if (mqttUp != null) {
            try {
                mqttUp.join(); // a failed build must not leave a broker starting behind it
            } catch (RuntimeException e) {
                LOG.debug("MQTT start failed: {}", e.toString());
            }
        }
        if (watchdog != null) {
            watchdog.stop();
        }
        ticker.stop(100);
        outbound.stop(50);
        closeMqtt();
        closeLinks();
    }

    private void closeMqtt() {
        if (mqtt != null) {
            try {
                mqtt.close();
            } catch (RuntimeException e) {
                LOG.warn("closing MQTT: {}", e.toString());
            }
            mqtt = null;
        }
        if (broker != null) {
            Mqtt.stopInBackground(broker);
            broker = null;
        }
    }

    private void closeLinks() {
        devices.close(); // their failsafes first (hold or disarm, torque off), then their links
        for (LinkRuntime l : links.values()) {
            try {
                l.close();
            } catch (RuntimeException e) {
                LOG.warn("closing link {}: {}", l.plan.name(), e.toString());
            }
        }
    }

    /** Events a link raises by itself (device.lost, device.back, Event messages no role consumed) into the inbox. */
    private static final class LinkEvents implements LinkSink {
        private final Ticker ticker;
        private final Event scratch = new Event(0);

        LinkEvents(Ticker ticker) {
            this.ticker = ticker;
        }

        @Override
        public synchronized void onEnvelope(SerialLink link, Envelope envelope, long receivedNs) {
            if (envelope.hasEvent()) {
                scratch.set(EventKind.COMMAND, envelope.getEvent().getName(), receivedNs)
                        .attachment(new ProtoData(envelope.getEvent()));
                ticker.inbox().offer(scratch);
            }
        }

        @Override
        public synchronized void onDeviceLost(SerialLink link, String reason) {
            LOG.warn("serial link {}: device lost ({})", link.name(), reason);
            scratch.set(EventKind.COMMAND, SerialLink.EVENT_DEVICE_LOST, ticker.clock().nanoTime()).attachment(link.name());
            ticker.inbox().offer(scratch);
        }

        @Override
        public synchronized void onDeviceBack(SerialLink link) {
            LOG.info("serial link {}: device back", link.name());
            scratch.set(EventKind.COMMAND, SerialLink.EVENT_DEVICE_BACK, ticker.clock().nanoTime()).attachment(link.name());
            ticker.inbox().offer(scratch);
        }
    }
}

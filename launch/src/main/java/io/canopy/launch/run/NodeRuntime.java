package io.canopy.launch.run;

import static io.canopy.launch.run.NumberText.ms;

import io.canopy.bt.Blackboard;
import io.canopy.bt.NodeRegistry;
import io.canopy.bt.TreeContext;
import io.canopy.bt.load.XmlTreeLoader;
import io.canopy.launch.Artifacts;
import io.canopy.launch.plan.MachinePlan;
import io.canopy.launch.plan.NodePlan;
import io.canopy.launch.plan.TreePlan;
import io.canopy.launch.report.MonitorOptions;
import io.canopy.launch.report.TreeMonitoring;
import io.canopy.launch.route.Binding;
import io.canopy.launch.route.EventBus;
import io.canopy.launch.route.InboundRouter;
import io.canopy.launch.route.Outbound;
import io.canopy.launch.route.Wiring;
import io.canopy.tick.NanoClock;
import io.canopy.tick.StallHandler;
import io.canopy.tick.TickTimer;
import io.canopy.tick.Ticker;
import io.canopy.tick.TickerGroup;
import io.canopy.tick.Watchdog;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The composition root of one {@code <node>}: builds it from its plan in named steps ({@link #build}), starts it
 * ({@link #start()}, {@link #startIn}, or {@link #startManual()} on a manual clock) and stops it cleanly
 * ({@link #shutdown(long)}). The rest of the code sees it through its {@link NodeView}; a recorder or replayer
 * drives it through its {@link NodeControl}. The phases of a tick are in {@link NodeCycle}.
 */
final class NodeRuntime {
    private static final Logger LOG = LoggerFactory.getLogger(NodeRuntime.class);

    private final NodePlan plan;
    private final Ticker ticker;
    private final Blackboard blackboard = Blackboard.create();
    private final Outbound outbound;
    private final EventBus bus;
    private final InboundRouter router;
    private final List<MachineSlot> machines = new ArrayList<>();
    private final List<TreeSlot> trees = new ArrayList<>();
    private final List<Binding> routes = new ArrayList<>(); // the compiled <bind>s, in launch-file order
    private final NodeTap tap; // a recorder or replayer (canopy run --record, canopy replay), or NONE
    private final NodeCycles cycles;
    private final NodeHardware hardware = new NodeHardware();
    private final NodeMqtt mqtt;
    private NodeView view;
    private NodeControl control;
    private Watchdog watchdog;
    private MonitorOptions monitorOptions = MonitorOptions.NONE;
    private TreeMonitoring monitoring; // Groot2, .btlog, console and Perfetto traces (canopy run --groot2/...), or null

    private NodeRuntime(NodePlan plan, NanoClock clock, NodeTap tap) {
        this.tap = tap;
        this.plan = plan;
        this.ticker = new Ticker(plan.fullName(), tap.clock(clock));
        this.outbound = new Outbound(plan.fullName());
        this.bus = new EventBus(outbound.queue, plan.eventPolicy());
        this.router = new InboundRouter(bus);
        this.router.tap = tap;
        this.cycles = new NodeCycles(plan, ticker, router);
        this.mqtt = new NodeMqtt(plan);
    }

    /** Builds everything (nothing runs yet), seen by a recorder or replayer through {@code tap}; on failure closes it. */
    static NodeRuntime build(NodePlan plan, NanoClock clock, NodeRegistry registry, NodeTap tap) {
        NodeRuntime n = new NodeRuntime(plan, clock, tap);
        try {
            n.assemble(registry);
            return n;
        } catch (RuntimeException e) { // close what was built (nothing runs yet: no watchdog, no tick thread)
            n.mqtt.awaitQuietly(); // a failed build must not leave a broker starting behind it
            n.ticker.stop(100);
            n.outbound.stop(50);
            n.mqtt.close();
            n.hardware.close();
            throw e;
        }
    }

    private void assemble(NodeRegistry registry) {
        long t0 = System.nanoTime();
        mqtt.startInBackground(); // the broker and the MQTT client start while the links, machines and trees load
        hardware.build(plan, ticker, tap, blackboard, cycles, bus); // links, simulators, devices, failsafe
        long t1 = System.nanoTime();
        TickTimer control = cycles.controlTimer();
        router.countTicksOf(control);
        DiffDriveRuntime drive = DiffDriveRuntime.build(plan, hardware, blackboard, cycles);
        buildMachines();
        long t2 = System.nanoTime();
        buildTrees(registry);
        long t3 = System.nanoTime();
        mqtt.await();
        long t4 = System.nanoTime();
        mqtt.connect(trees);
        wireBindings();
        view = new NodeView(plan, ticker, cycles, blackboard, hardware.links, hardware.devices, drive, hardware.failsafe,
                trees, machines, bus, router, routes, mqtt);
        buildCycles(control);
        this.control = new NodeControl(view, ticker, cycles.cycles(), outbound, this::startManual, this::shutdown);
        tap.attached(this.control); // NodeTap.NONE: nothing
        long t5 = System.nanoTime();
        LOG.debug("node {} built: links {} ms, machines {} ms, trees {} ms, then waited {} ms for the broker and MQTT "
                + "client, bindings {} ms", plan.fullName(), ms(t1 - t0), ms(t2 - t1), ms(t3 - t2), ms(t4 - t3), ms(t5 - t4));
        routes.forEach(r -> LOG.debug("node {}: route {}", plan.fullName(), r));
    }

    /** The state machines, in the decide phase of their timer; what they send to "node" goes on the event bus. */
    private void buildMachines() {
        for (MachinePlan m : plan.machines()) {
            MachineSlot slot = MachineSlot.load(m, ticker, bus);
            machines.add(slot);
            cycles.decide(m.timer(), slot, slot::refreshStatus);
        }
    }

    /** The trees, with the run leaves and the {@code <remote>} actions registered, in the decide phase of their timer. */
    private void buildTrees(NodeRegistry registry) {
        NodeRegistry reg = Artifacts.withRunLeaves(registry.copy());
        mqtt.remotes(ticker, router, outbound).register(reg);
        XmlTreeLoader loader = plan.foreign().loader(reg);
        for (TreePlan t : plan.trees()) {
            TreeSlot slot = TreeSlot.load(t, loader, blackboard, () -> hardware.devices.services(new TreeContext(ticker.oneShotTimers(),
                    t.seed())), machines, "error".equals(plan.eventPolicy()), bus);
            trees.add(slot);
            cycles.decide(t.timer(), slot, slot::refreshStatus);
        }
    }

    /** The {@code <bind>}s, compiled in launch-file order and installed in the route tables and cycles. */
    private void wireBindings() {
        new Wiring(plan, mqtt.client(), ticker, blackboard, router, bus, outbound, hardware.links, hardware.failsafe,
                hardware.taps, cycles.builders()).installAll(routes);
    }

    /** The failsafe and motor controllers on the control timer, telemetry on its timer, then every timer's cycle. */
    private void buildCycles(TickTimer control) {
        if (control != null) {
            hardware.act(cycles.of(control.name()));
        }
        mqtt.telemetry(view, outbound, cycles);
        cycles.build(tap);
    }

    /** What the rest of the code sees of this node. */
    NodeView view() {
        return view;
    }

    /** The handle a recorder, a replayer or a test drives this node with. */
    NodeControl control() {
        return control;
    }

    /** The node's ticker, for a runner that ticks it with other nodes' on one thread and watches them. */
    Ticker ticker() {
        return ticker;
    }

    /** Before {@link #start()}: the debugging tools to attach (Groot2, .btlog, traces). */
    void monitor(MonitorOptions options) {
        monitorOptions = options;
    }

    /** Before the first tick: the {@code <param>}s of the trees (blackboard) and machines (datamodel). */
    void applyParams() {
        LaunchParams.apply(trees, machines, blackboard);
    }

    /** Starts everything but the tick thread: the caller drives the ticker on the manual clock (tests, replay). */
    void startManual() {
        machines.forEach(MachineSlot::start);
        outbound.start();
        hardware.startManual();
    }

    /** Starts the node with its own tick thread and the watchdog of it ({@code canopy run}); announces it. */
    void start() {
        start(true);
    }

    /** As {@link #start()} on {@code group}'s tick thread, watched by the group's watchdog (canopy fleet --shared-ticker). */
    void startIn(TickerGroup group) {
        group.add(ticker);
        start(false);
    }

    private void start(boolean ownsTicker) {
        view.attachObservers(); // before the first tick: the observers and recorders that watchers read
        monitoring = TreeMonitoring.attachIfWanted(trees, machines, ticker, monitorOptions, System.out); // before the first tick
        machines.forEach(MachineSlot::start); // before the tick thread exists, so its first tick sees the initial configuration
        outbound.start();
        hardware.start(plan.realtime().ioThreads());
        if (ownsTicker) {
            ticker.realtime(plan.realtime().tickThread()).idleMode(plan.realtime().idle()).start();
        }
        mqtt.startStatus(view);
        if (ownsTicker) {
            watchdog = new Watchdog(ticker, failsafes()).start();
        }
        LOG.info("node {} running: timers {}, {} machine(s), {} tree(s), {} link(s), MQTT {}", plan.fullName(),
                plan.timers().stream().map(t -> t.name() + "@" + NumberText.format(t.hz()) + "Hz").toList(), machines.size(),
                trees.size(), hardware.links.size(), mqtt.describe());
        mqtt.announce(); // the graph entry canopy topic/node list read (retained)
    }

    /** The node's failsafe with its devices' (MAVLink, Dynamixel): what its watchdog calls on a stall. */
    StallHandler failsafes() {
        return hardware.failsafes();
    }

    /** Clean shutdown within {@code budgetNs} (ticks, trees, machines, motor stops, offline, ports, MQTT); stop frames. */
    long shutdown(long budgetNs) {
        long t0 = System.nanoTime();
        if (watchdog != null) {
            watchdog.stop();
        }
        ticker.stop(TimeUnit.NANOSECONDS.toMillis(budgetNs / 4) + 1);
        long t1 = System.nanoTime();
        trees.forEach(TreeSlot::halt);
        machines.forEach(MachineSlot::halt);
        if (monitoring != null) {
            monitoring.close(); // after the halts, so the .btlog and the trace show them
        }
        mqtt.closeStatus(); // after the halts, so the last status shows them
        long stops = hardware.stopMotors();
        long t2 = System.nanoTime();
        outbound.stop(50);
        long t3 = System.nanoTime();
        mqtt.close();
        long t4 = System.nanoTime();
        hardware.close();
        tap.closed();
        long t5 = System.nanoTime();
        LOG.info("node {} stopped in {} ms ({} stop command(s) written; ticker {} ms, halt+stops {} ms, outbox {} ms, "
                + "MQTT+broker {} ms, links {} ms)", plan.fullName(), ms(t5 - t0), stops, ms(t1 - t0), ms(t2 - t1), ms(t3 - t2),
                ms(t4 - t3), ms(t5 - t4));
        return stops;
    }
}

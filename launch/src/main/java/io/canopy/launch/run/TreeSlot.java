package io.canopy.launch.run;

import io.canopy.InputException;
import io.canopy.OnceLog;
import io.canopy.bt.Blackboard;
import io.canopy.bt.Node;
import io.canopy.bt.Status;
import io.canopy.bt.Tree;
import io.canopy.bt.TreeContext;
import io.canopy.bt.TreeTickException;
import io.canopy.bt.event.TreeEvents;
import io.canopy.bt.event.UnconsumedPolicy;
import io.canopy.bt.load.XmlTreeLoader;
import io.canopy.bt.observe.TreeObserver;
import io.canopy.launch.plan.TreePlan;
import io.canopy.launch.route.EventBus;
import io.canopy.tick.Event;
import io.canopy.tick.EventHandler;
import io.canopy.tick.EventQueue;
import io.canopy.tick.TickListener;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A tree on its timer, optionally gated by a machine state ({@code active_in}): while the state is active
 * the tree is ticked once per tick; on entry it starts a fresh run, on exit it is halted (its OnCancel and
 * onHalted run). A run that ends raises {@code on_success} / {@code on_failure} on the event bus; with
 * {@code on_finish="restart"} the next tick starts a new run. A node that throws halts the tree, counts as
 * a FAILURE and is logged once per distinct message.
 *
 * <p>Events: the {@link EventBus} offers the tree every event its {@code ConsumeEvent} / {@code OnEvent}
 * nodes listen to while it will tick ({@link #offer}); they are visible in its next tick and, if no node
 * consumes them there, dropped and counted by its {@link TreeEvents} (or, with the node's
 * {@code event_policy="error"}, the tick fails). After each tick the events its {@code SendEvent} nodes put
 * in its outbox go on the bus. Tick thread only, except the status getters.
 */
public final class TreeSlot implements TickListener, EventHandler {
    private static final Logger LOG = LoggerFactory.getLogger(TreeSlot.class);

    public final TreePlan plan;
    public final Tree tree;
    private final MachineSlot gate;
    private final int gateState;
    private final EventBus bus;
    private final TreeEvents events;
    private final EventQueue sent;
    private final OnceLog onceLog = new OnceLog(LOG);
    private final RunningLeafFinder finder = new RunningLeafFinder();
    private volatile boolean active;
    private boolean finished;
    private long ticks;
    private long runs;
    private long errors;
    private volatile Status lastStatus = Status.IDLE;
    private volatile String runningAction = "-";
    private TreeObserver observer;

    /**
     * Loads the tree of {@code t} with {@code loader} onto {@code blackboard}, checks its {@code main} and its
     * {@code active_in} state against {@code machines}, and gives it to {@code bus}; load time.
     */
    static TreeSlot load(TreePlan t, XmlTreeLoader loader, Blackboard blackboard, TreeContext context, List<MachineSlot> machines,
            boolean unconsumedIsError, EventBus bus) {
        Tree tree = loader.loadFile(t.file(), blackboard, context);
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
        if (unconsumedIsError) {
            TreeEvents.of(tree.context()).policy(UnconsumedPolicy.ERROR);
        }
        TreeSlot slot = new TreeSlot(t, tree, gate, gateState, bus);
        bus.addTree(slot);
        return slot;
    }

    TreeSlot(TreePlan plan, Tree tree, MachineSlot gate, int gateState, EventBus bus) {
        this.plan = plan;
        this.tree = tree;
        this.gate = gate;
        this.gateState = gateState;
        this.bus = bus;
        this.events = TreeEvents.of(tree.context());
        this.sent = events.outbox(); // made now, not on the tick path
    }

    /**
     * Tick thread (the bus): takes an event for the next tick if a node of the tree listens to {@code name}
     * and the tree will tick; returns whether it did (an event beyond the tree's per-tick capacity is taken
     * and counted as overflowed by its {@link TreeEvents}).
     */
    public boolean offer(String name, double value, Object data, long nowNs) {
        if (gate != null && !gate.machine().isActive(gateState)) {
            return false;
        }
        if (finished && !plan.restart()) {
            return false;
        }
        if (!events.listensTo(name)) {
            return false;
        }
        events.deliver(name, value, data, nowNs);
        return true;
    }

    /** Tick thread: an event the tree sent, drained from its outbox after its tick, goes on the bus. */
    @Override
    public void onEvent(Event e) {
        bus.publish(e.name(), e.value(), e.attachment(), this, e.timestampNs());
    }

    TreeEvents events() {
        return events;
    }

    @Override
    public void onTick(long nowNs) {
        boolean on = gate == null || gate.machine().isActive(gateState);
        if (!on) {
            if (active) {
                active = false;
                halt();
            }
            return;
        }
        if (!active) {
            active = true;
            finished = false;
        }
        if (finished && !plan.restart()) {
            return;
        }
        finished = false;
        ticks++;
        Status s;
        try {
            s = tree.tickExactlyOnce();
        } catch (RuntimeException e) {
            errors++;
            String node = e instanceof TreeTickException t ? t.node().name() : tree.root().name();
            String message = e instanceof TreeTickException t ? t.causeMessage() : String.valueOf(e.getMessage());
            onceLog.warn(node + '\u0000' + message, "tree '{}' node '{}': {}; the tree is halted (logged once; repeats are only counted)", plan.name(), node, message);
            try {
                tree.haltTree();
            } catch (RuntimeException ignored) {
                // already reported above
            }
            s = Status.FAILURE;
        }
        sent.drain(this);
        lastStatus = s;
        if (s == Status.SUCCESS || s == Status.FAILURE) {
            finished = true;
            runs++;
            String event = s == Status.SUCCESS ? plan.onSuccess() : plan.onFailure();
            if (event != null) {
                bus.publish(event, null, this, nowNs);
            }
        }
    }

    /** Halts the tree (tick thread, or after the tick thread ended). */
    void halt() {
        try {
            tree.haltTree();
        } catch (RuntimeException e) {
            LOG.warn("halting tree '{}' failed: {}", plan.name(), e.getMessage());
        }
        // events taken for a tick that will not come are dropped (and counted), not shown to the next run
        events.beginTick();
        try {
            events.endTick();
        } catch (IllegalStateException unconsumedUnderErrorPolicy) {
            // counted as dropped; a halted tree has no tick to fail
        }
        lastStatus = Status.IDLE;
        runningAction = "-";
    }

    /** Tick thread, at the telemetry rate: refreshes {@link #runningAction()}. */
    void refreshStatus() {
        finder.found = null;
        tree.forEachNode(finder);
        runningAction = !active && gate != null ? "(inactive)" : finder.found == null ? "-" : finder.found;
    }

    /**
     * The tree's one observer, shared by Groot2, .btlog, traces, the web page and the MQTT status; attached at
     * the first call, which must come before the tick thread starts ({@link NodeRuntime#start}).
     */
    public synchronized TreeObserver observer() {
        if (observer == null) {
            observer = TreeObserver.attach(tree);
        }
        return observer;
    }

    /** Any thread: the name of the deepest RUNNING leaf as of the last refresh, "-" when none. */
    public String runningAction() {
        return runningAction;
    }

    public Status lastStatus() {
        return lastStatus;
    }

    public long ticks() {
        return ticks;
    }

    long runs() {
        return runs;
    }

    long errors() {
        return errors;
    }

    public boolean active() {
        return gate == null || active;
    }

    /** Remembers the last RUNNING leaf seen (nodes are visited parents first, so the last is the deepest). */
    private static final class RunningLeafFinder implements Consumer<Node> {
        String found;

        @Override
        public void accept(Node n) {
            if (n.status() == Status.RUNNING && n.childCount() == 0) {
                found = n.name();
            }
        }
    }
}

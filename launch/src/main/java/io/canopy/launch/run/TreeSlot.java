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
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;
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
    /** The tree that runs now (the tick thread changes it at a swap). */
    public volatile Tree tree;
    private final MachineSlot gate;
    private final int gateState;
    private final EventBus bus;
    private final Loader loader;
    private TreeEvents events;
    private EventQueue sent;
    private volatile LoadedTree current;
    private volatile LoadedTree previous;
    /** The single-slot handoff from a deploy to the tick thread. */
    private volatile Offer pending;
    private static final VarHandle PENDING;

    static {
        try {
            PENDING = MethodHandles.lookup().findVarHandle(TreeSlot.class, "pending", Offer.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
    private volatile long swaps;
    private final OnceLog onceLog = new OnceLog(LOG);
    private final RunningLeafFinder finder = new RunningLeafFinder();
    private volatile boolean active;
    private boolean finished;
    private long ticks;
    private long runs;
    private long errors;
    private volatile Status lastStatus = Status.IDLE;
    private volatile String runningAction = "-";
    private volatile TreeObserver observer;

    /**
     * Loads the tree of {@code t} with {@code loader} onto {@code blackboard} (each load in a fresh context from
     * {@code contexts}), checks its {@code main} and its {@code active_in} state against {@code machines}, and gives it
     * to {@code bus}; load time.
     */
    static TreeSlot load(TreePlan t, XmlTreeLoader loader, Blackboard blackboard, Supplier<TreeContext> contexts, List<MachineSlot> machines,
            boolean unconsumedIsError, EventBus bus) {
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
        TreeSlot slot = new TreeSlot(t, new Loader(t, loader, blackboard, contexts, unconsumedIsError), gate, gateState, bus);
        bus.addTree(slot);
        return slot;
    }

    /** How this slot loads a version of its tree (at start, and off the tick thread for a deploy). */
    private record Loader(TreePlan t, XmlTreeLoader loader, Blackboard blackboard, Supplier<TreeContext> contexts,
            boolean unconsumedIsError) {
        LoadedTree load(Path file, String sha256, String label) {
            Tree tree = loader.loadFile(file, blackboard, contexts.get());
            if (t.main() != null && !t.main().equals(tree.id())) {
                throw new InputException(t.source() + ": attribute 'main': \"" + t.main() + "\" is not the tree " + file.getFileName()
                        + " runs ('" + tree.id() + "', its main_tree_to_execute); set main_tree_to_execute in " + file.getFileName());
            }
            if (unconsumedIsError) {
                TreeEvents.of(tree.context()).policy(UnconsumedPolicy.ERROR);
            }
            return new LoadedTree(tree, sha256 != null ? sha256 : FileDigest.sha256(file), label, System.currentTimeMillis());
        }
    }

    private TreeSlot(TreePlan plan, Loader loader, MachineSlot gate, int gateState, EventBus bus) {
        this(plan, loader.load(plan.file(), null, null), gate, gateState, bus, loader);
    }

    TreeSlot(TreePlan plan, Tree tree, MachineSlot gate, int gateState, EventBus bus) {
        this(plan, new LoadedTree(tree, "", "", System.currentTimeMillis()), gate, gateState, bus, null);
    }

    private TreeSlot(TreePlan plan, LoadedTree first, MachineSlot gate, int gateState, EventBus bus, Loader loader) {
        this.plan = plan;
        this.current = first;
        this.tree = first.tree;
        this.gate = gate;
        this.gateState = gateState;
        this.bus = bus;
        this.events = first.events;
        this.sent = first.sent;
        this.loader = loader;
    }

    /**
     * Off the tick thread: loads {@code file} as a new version of this tree with the rules of the start (its main tree,
     * the palettes, plugins and remotes of the node), on the node's blackboard; throws an {@link InputException} naming
     * file:line:column when it is invalid. Nothing runs it until {@link #offer(LoadedTree, SwapWhen)}.
     */
    public LoadedTree prepare(Path file, String sha256, String label) {
        if (loader == null) {
            throw new IllegalStateException("tree '" + plan.name() + "' was not loaded from its plan");
        }
        LoadedTree next = loader.load(file, sha256, label);
        if (observer != null) {
            next.observer = TreeObserver.attach(next.tree); // watchers of the page and the status read current's
        }
        return next;
    }

    /**
     * Any thread: hands {@code next} to the tick thread, which puts it in at the first tick {@code when} allows (one
     * offer waits at a time: a newer one replaces an older one not yet taken).
     */
    public void offer(LoadedTree next, SwapWhen when) {
        offer(next, when, null);
    }

    /**
     * As {@link #offer(LoadedTree, SwapWhen)}, held back until {@code release} is set: a deploy of several trees offers
     * each, then releases them together, so that trees on one timer swap at the same tick.
     */
    public void offer(LoadedTree next, SwapWhen when, AtomicBoolean release) {
        pending = new Offer(next, when, release);
    }

    /** Any thread: offers the version the last swap replaced, to run at once; false when there was none. */
    public boolean offerRollback() {
        LoadedTree p = previous;
        if (p == null) {
            return false;
        }
        offer(p, SwapWhen.AT_ONCE);
        return true;
    }

    /** Any thread: withdraws an offer not yet taken; returns whether one was waiting. */
    public boolean withdraw() {
        boolean had = pending != null;
        pending = null;
        return had;
    }

    /** Any thread: the version that runs now. */
    public LoadedTree current() {
        return current;
    }

    /** Any thread: the version the last swap replaced, or null. */
    public LoadedTree previous() {
        return previous;
    }

    /** Any thread: whether an offer waits for its moment. */
    public boolean swapPending() {
        return pending != null;
    }

    /** Tick thread: puts an offered version in when its moment has come (halting the old tree first if it was on). */
    private void swapIfDue(long nowNs) {
        Offer o = pending;
        if (o == null) {
            return;
        }
        boolean on = gate == null || gate.machine().isActive(gateState);
        boolean running = on && active && !finished && ticks > 0 && lastStatus == Status.RUNNING;
        if (o.release != null && !o.release.get() || !o.when.ready(running)) {
            return;
        }
        if (active || gate == null) {
            halt();
        }
        LoadedTree next = o.next;
        previous = current;
        current = next;
        tree = next.tree;
        events = next.events;
        sent = next.sent;
        finished = false;
        next.swappedAtNs = nowNs;
        swaps++;
        // cleared only now that current is the new version: a watcher that finds no offer pending and then reads
        // current sees the swap (cleared first, it could read the old current and take the offer for withdrawn);
        // and an offer made meanwhile stays pending for the next tick
        PENDING.compareAndSet(this, o, null);
    }

    /** Any thread: swaps done so far. */
    public long swaps() {
        return swaps;
    }

    private record Offer(LoadedTree next, SwapWhen when, AtomicBoolean release) {}

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
        swapIfDue(nowNs);
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
        LoadedTree c = current;
        if (c.observer == null) {
            c.observer = TreeObserver.attach(c.tree);
            observer = c.observer;
        }
        return c.observer;
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

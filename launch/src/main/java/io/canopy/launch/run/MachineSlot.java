package io.canopy.launch.run;

import io.canopy.OnceLog;
import io.canopy.bt.observe.MachineRecorder;
import io.canopy.launch.plan.MachinePlan;
import io.canopy.launch.route.EventBus;
import io.canopy.statemachine.Machine;
import io.canopy.statemachine.MachineContext;
import io.canopy.statemachine.Statechart;
import io.canopy.statemachine.build.ScxmlLoader;
import io.canopy.tick.NanoClock;
import io.canopy.tick.TickListener;
import io.canopy.tick.Ticker;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A state machine on its timer: started at the first tick, then at each tick it takes the external events
 * queued since the last one, each run to completion. Tick thread only, except {@link #stateText()}.
 */
public final class MachineSlot implements TickListener {
    private static final Logger LOG = LoggerFactory.getLogger(MachineSlot.class);

    public final MachinePlan plan;
    final Statechart chart;
    private final Machine machine;
    private final OnceLog onceLog = new OnceLog(LOG);
    private boolean started;
    private long errors;
    private volatile String stateText = "(not started)";
    private volatile List<String> activeStates = List.of();
    /** The configuration as of the last refresh, by state index. */
    private final boolean[] seen;

    /**
     * Loads the machine of {@code m} and gives it to {@code bus}; what it sends to the node ({@code <send target="node"
     * event="...">}) goes on the bus. Load time.
     */
    static MachineSlot load(MachinePlan m, Ticker ticker, EventBus bus) {
        Statechart chart = ScxmlLoader.load(m.file());
        MachineContext context = new MachineContext(ticker.oneShotTimers()).onSend((from, target, event, data) -> {
            if (!"node".equals(target) && !"#_node".equals(target)) {
                return false;
            }
            bus.publish(event, data, from, ticker.clock().nanoTime());
            return true;
        });
        MachineSlot slot = new MachineSlot(m, chart, chart.newMachine(context));
        bus.addMachine(slot);
        return slot;
    }

    MachineSlot(MachinePlan plan, Statechart chart, Machine machine) {
        this.plan = plan;
        this.chart = chart;
        this.machine = machine;
        this.seen = new boolean[chart.stateCount() + 1];
    }

    public Machine machine() {
        return machine;
    }

    private MachineRecorder recorder;

    /**
     * The machine's one step recorder, shared by the traces, the web page and the MQTT status; attached at the
     * first call, which must come before the tick thread starts ({@link NodeRuntime#start}).
     */
    public synchronized MachineRecorder recorder(NanoClock clock) {
        if (recorder == null) {
            recorder = MachineWatch.attach(plan.name(), machine, clock);
        }
        return recorder;
    }

    /** Tick thread: queues an external event for the next tick (starting the machine first if need be). */
    public void offer(String name, Object data) {
        start();
        if (machine.isRunning()) {
            machine.offer(name, data);
        }
    }

    /**
     * Enters the initial configuration (running its onentry handlers). Called before the tick thread starts
     * (so the first tick already sees it), or by the first tick or event; idempotent.
     */
    void start() {
        if (started) {
            return;
        }
        started = true;
        try {
            machine.start();
        } catch (RuntimeException e) {
            errors++;
            LOG.warn("machine '{}' failed to start: {}", plan.name(), e.getMessage());
        }
        refreshStatus();
        LOG.info("machine '{}' started in {}", plan.name(), stateText);
    }

    @Override
    public void onTick(long nowNs) {
        try {
            start();
            machine.onTick(nowNs);
        } catch (RuntimeException e) {
            errors++;
            onceLog.warn(plan.name() + e.getMessage(), "machine '{}': {} (logged once; repeats are only counted)", plan.name(), String.valueOf(e.getMessage()));
        }
    }

    /**
     * Tick thread (the status phase): refreshes what {@link #stateText()} shows. Compares the active
     * configuration state by state and allocates only when it changed.
     */
    boolean refreshStatus() {
        boolean changed = false;
        for (int s = 1; s < seen.length; s++) {
            boolean on = machine.isActive(s);
            if (on != seen[s]) {
                seen[s] = on;
                changed = true;
            }
        }
        if (!changed && started && !(machine.isFinished() && !"done".equals(stateText))) {
            return false;
        }
        List<String> active = machine.activeStates();
        if (active.equals(activeStates)) {
            return false;
        }
        activeStates = List.copyOf(active);
        String leaf = active.isEmpty() ? (machine.isFinished() ? "done" : "-") : leafState(active);
        stateText = leaf;
        return true;
    }

    /** The innermost active state: the last one in document order that is atomic in the list. */
    private static String leafState(List<String> active) {
        return active.get(active.size() - 1);
    }

    /** Any thread: the machine's innermost active state, as of the last refresh. */
    public String stateText() {
        return stateText;
    }

    /** Any thread: the active configuration as of the last refresh. */
    public List<String> activeStates() {
        return activeStates;
    }

    long errors() {
        return errors;
    }

    /** Tick thread (or after the tick thread ended): exits every active state (onexit handlers run). */
    void halt() {
        if (started && machine.isRunning()) {
            machine.halt();
        }
        refreshStatus();
    }
}

package io.canopy.statemachine;

import io.canopy.bt.NodeRegistry;
import io.canopy.tick.OneShotTimers;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What machines share with the world around them: the one-shot timers of their ticker (delayed
 * {@code <send>}), the registry of sessions ({@code #_scxml_<sessionid>} targets), where {@code <log>} goes
 * and where events sent to other targets go. A machine and the children it invokes share one context.
 * Tick thread only.
 */
public final class MachineContext {
    /** Receives {@code <log label expr>} output. */
    @FunctionalInterface
    public interface LogSink {
        void log(Machine machine, String label, Object value);
    }

    /**
     * Receives events a machine sends to a target that is not an SCXML session ({@code <send target=...>}).
     * Returns false when it does not know the target, which raises {@code error.execution} in the sender.
     */
    @FunctionalInterface
    public interface EventSink {
        boolean send(Machine from, String target, String event, Object data);
    }

    /**
     * Told of every microstep of every machine of this context (for {@code canopy scxml run}): the transitions
     * taken ({@code source -> targets on event [cond]}), the states exited (exit order) and entered (entry order).
     * Machines with an observer take the general algorithm, so it sees every microstep; it allocates.
     */
    @FunctionalInterface
    public interface MicrostepObserver {
        void microstep(Machine machine, List<String> transitions, List<String> exited, List<String> entered);
    }

    private static final Logger LOG = LoggerFactory.getLogger(Machine.class);

    public final OneShotTimers timers;
    public LogSink logSink = (m, label, value) -> LOG.debug("[{} {}] {}: {}", m.chart().name(), m.sessionId(), label, value);
    EventSink eventSink;
    MicrostepObserver microstepObserver;
    /** Called when a delayed send was delivered (a tree node uses it to wake its tree), or null. */
    Runnable wakeUp;
    private NodeRegistry treeRegistry;
    private final Map<String, Machine> sessions = new HashMap<>();
    private long nextSession = 1;
    private long nextId = 1;

    /** @param timers the ticker's one-shot timers; null when the machines never send with a delay */
    public MachineContext(OneShotTimers timers) {
        this.timers = timers;
    }

    public MachineContext onLog(LogSink sink) {
        this.logSink = sink;
        return this;
    }

    public MachineContext onSend(EventSink sink) {
        this.eventSink = sink;
        return this;
    }

    /** Tells {@code observer} of every microstep (see {@link MicrostepObserver}). */
    public MachineContext onMicrostep(MicrostepObserver observer) {
        this.microstepObserver = observer;
        return this;
    }

    /** Node types available to trees run by {@code <invoke type="canopy:tree">} (default: the built-ins). */
    public MachineContext trees(NodeRegistry registry) {
        this.treeRegistry = registry;
        return this;
    }

    /** Runs {@code hook} whenever a delayed send is delivered. */
    public MachineContext onWakeUp(Runnable hook) {
        this.wakeUp = hook;
        return this;
    }

    public NodeRegistry treeRegistry() {
        if (treeRegistry == null) {
            treeRegistry = NodeRegistry.withBuiltins();
        }
        return treeRegistry;
    }

    String newSessionId() {
        return "s" + nextSession++;
    }

    public String newPlatformId() {
        return Long.toString(nextId++);
    }

    void register(Machine m) {
        sessions.put(m.sessionId(), m);
    }

    void unregister(Machine m) {
        sessions.remove(m.sessionId());
    }

    Machine session(String id) {
        return sessions.get(id);
    }
}

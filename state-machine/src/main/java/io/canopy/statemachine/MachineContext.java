package io.canopy.statemachine;

import io.canopy.tick.OneShotTimers;
import java.util.HashMap;
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

    private static final Logger LOG = LoggerFactory.getLogger(Machine.class);

    final OneShotTimers timers;
    LogSink logSink = (m, label, value) -> LOG.debug("[{} {}] {}: {}", m.chart().name(), m.sessionId(), label, value);
    EventSink eventSink;
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

    String newSessionId() {
        return "s" + nextSession++;
    }

    String newPlatformId() {
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

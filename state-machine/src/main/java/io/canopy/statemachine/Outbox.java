package io.canopy.statemachine;

import io.canopy.tick.OneShotTimers;
import io.canopy.tick.TimerCallback;
import java.util.Arrays;

/**
 * Where a machine's {@code <send>}s go: its own queues, its parent, invoked children, other sessions, or the
 * context's event sink; delayed sends wait as one-shot timers on the ticker clock and are cancelled with
 * {@code <cancel>} or when the session ends. Pending sends live in parallel arrays (no allocation per send
 * once they have grown).
 */
public final class Outbox implements TimerCallback {
    static final String INTERNAL_TARGET = "#_internal";
    static final String PARENT_TARGET = "#_parent";
    static final String SESSION_PREFIX = "#_scxml_";

    private final Machine m;
    private long[] timerIds = new long[4];
    private long[] deadlines = new long[4];
    private String[] sendids = new String[4];
    private String[] names = new String[4];
    private String[] targets = new String[4];
    private Object[] payloads = new Object[4];
    private int count;

    Outbox(Machine m) {
        this.m = m;
    }

    /** Throws IllegalArgumentException (error.execution) when the target cannot be valid. */
    void checkTarget(String target) {
        if (target == null || target.startsWith("#_")) {
            return;
        }
        if (m.context.eventSink == null) {
            throw new IllegalArgumentException("send target '" + target + "' is not supported: use #_internal, "
                    + "#_parent, #_<invokeid>, #_scxml_<sessionid>, or configure an event sink");
        }
    }

    public void send(String name, String target, String sendid, long delayNs, Object data) {
        checkTarget(target);
        if (delayNs <= 0) {
            deliver(name, target, sendid, data);
            return;
        }
        OneShotTimers timers = m.context.timers;
        if (timers == null) {
            throw new IllegalStateException("<send> with a delay needs timers: this machine's context has none");
        }
        if (count == timerIds.length) {
            grow();
        }
        long deadline = timers.clock().nanoTime() + delayNs;
        long id = timers.scheduleAt(deadline, this);
        timerIds[count] = id;
        deadlines[count] = deadline;
        sendids[count] = sendid;
        names[count] = name;
        targets[count] = target;
        payloads[count] = data;
        count++;
    }

    private void grow() {
        int n = timerIds.length * 2;
        timerIds = Arrays.copyOf(timerIds, n);
        deadlines = Arrays.copyOf(deadlines, n);
        sendids = Arrays.copyOf(sendids, n);
        names = Arrays.copyOf(names, n);
        targets = Arrays.copyOf(targets, n);
        payloads = Arrays.copyOf(payloads, n);
    }

    private void remove(int i) {
        count--;
        timerIds[i] = timerIds[count];
        deadlines[i] = deadlines[count];
        sendids[i] = sendids[count];
        names[i] = names[count];
        targets[i] = targets[count];
        payloads[i] = payloads[count];
        sendids[count] = null;
        names[count] = null;
        targets[count] = null;
        payloads[count] = null;
    }

    @Override
    public void onTimer(long timerId, long nowNs) {
        for (int i = 0; i < count; i++) {
            if (timerIds[i] == timerId) {
                String name = names[i];
                String target = targets[i];
                String sendid = sendids[i];
                Object data = payloads[i];
                remove(i);
                if (m.isRunning()) {
                    deliver(name, target, sendid, data);
                    if (m.context.wakeUp != null) {
                        m.context.wakeUp.run();
                    }
                }
                return;
            }
        }
    }

    /** Cancels the pending sends with this id; false when there was none. */
    public boolean cancel(String sendid) {
        boolean any = false;
        for (int i = count - 1; i >= 0; i--) {
            if (sendid.equals(sendids[i])) {
                m.context.timers.cancel(timerIds[i]);
                remove(i);
                any = true;
            }
        }
        return any;
    }

    void cancelAll() {
        for (int i = count - 1; i >= 0; i--) {
            m.context.timers.cancel(timerIds[i]);
            remove(i);
        }
    }

    int pending() {
        return count;
    }

    /** Pending send k as {event, target, sendid, deadlineNs, data} (for snapshots). */
    Object[] pendingSend(int k) {
        return new Object[] {names[k], targets[k], sendids[k], deadlines[k], payloads[k]};
    }

    private void deliver(String name, String target, String sendid, Object data) {
        if (target == null) {
            m.external.add(name, m.chart.eventClass(name), MachineEvent.EXTERNAL, sendid, m.origin,
                    Slots.SCXML_PROCESSOR, null, data);
        } else if (target.equals(INTERNAL_TARGET)) {
            m.internal.add(name, m.chart.eventClass(name), MachineEvent.INTERNAL, sendid, m.origin,
                    Slots.SCXML_PROCESSOR, null, data);
        } else if (target.equals(PARENT_TARGET)) {
            if (m.parent == null || !m.parent.isRunning()) {
                m.raiseError(Machine.ERROR_COMMUNICATION, "send to #_parent: this session has no parent", sendid);
                return;
            }
            deliverTo(m.parent, name, sendid, m.invokeId, data);
        } else if (target.startsWith(SESSION_PREFIX)) {
            Machine session = m.context.session(target.substring(SESSION_PREFIX.length()));
            if (session == null || !session.isRunning()) {
                m.raiseError(Machine.ERROR_COMMUNICATION, "send to " + target + ": no such session", sendid);
                return;
            }
            deliverTo(session, name, sendid, session == m.parent ? m.invokeId : null, data);
        } else if (target.startsWith("#_")) {
            Machine child = m.invocations.child(target.substring(2));
            if (child == null || !child.isRunning()) {
                m.raiseError(Machine.ERROR_COMMUNICATION, "send to " + target + ": no such invoked session", sendid);
                return;
            }
            deliverTo(child, name, sendid, null, data);
        } else if (!m.context.eventSink.send(m, target, name, data)) {
            m.raiseError(Machine.ERROR_EXECUTION, "send target '" + target + "' is not known to the event sink", sendid);
        }
    }

    private void deliverTo(Machine to, String name, String sendid, String invokeid, Object data) {
        to.external.add(name, to.chart.eventClass(name), MachineEvent.EXTERNAL, sendid, m.origin,
                Slots.SCXML_PROCESSOR, invokeid, data);
    }
}
